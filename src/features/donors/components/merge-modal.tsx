import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import AsyncSelect from 'react-select/async';
import type { DonorRow } from '../../../../domain/donor-book/donors-contract';
import { CONTRIBUTOR_TYPE_OPTIONS, labelOf } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import linkStyles from '../../../components/link-button.module.css';
import { FormModal } from '../../../components/form-modal';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useLazyDonorListQuery, useMergeDonorsMutation } from '../api/donors-api';
import styles from './merge-modal.module.css';
import { ServerAlert } from './server-alert';
import { formatPhone } from '../../../../domain/phone';

const SEARCH_LIMIT = 20;

interface DonorOption {
  value: string;
  label: string;
  donor: DonorRow;
}

function optionOf(donor: DonorRow): DonorOption {
  const contact = [donor.donor_email, formatPhone(donor.donor_phone)].filter(Boolean).join(' · ');
  return { value: donor.donor_id, label: contact ? `${donor.name} (${contact})` : donor.name, donor };
}

interface MergeModalProps {
  campaignId: string;
  donor: DonorRow;
  onClose: () => void;
  /** Merged: `survivorId` is the donor that stays. */
  onMerged: (survivorId: string) => void;
}

/** Merge duplicates: pick the other donor (async search on list_donor), compare side by side, choose which stays, confirm. */
export function MergeModal({ campaignId, donor, onClose, onMerged }: MergeModalProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [other, setOther] = useState<DonorOption | null>(null);
  const [keepCurrent, setKeepCurrent] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [searchDonors] = useLazyDonorListQuery();
  const [mergeDonors] = useMergeDonorsMutation();

  const loadOptions = async (input: string): Promise<DonorOption[]> => {
    const data = await searchDonors({ campaignId, query: { search: input.trim() || undefined, limit: SEARCH_LIMIT, page: 1, sort: 'name' } }).unwrap();
    return data.donor_list.filter((d) => d.donor_id !== donor.donor_id).map(optionOf);
  };

  const survivor = other ? (keepCurrent ? donor : other.donor) : null;
  const duplicate = other ? (keepCurrent ? other.donor : donor) : null;

  const merge = async () => {
    if (!survivor || !duplicate) return;
    setBusy(true);
    setError('');
    try {
      const result = await mergeDonors({ campaign_id: campaignId, survivor_id: survivor.donor_id, duplicate_id: duplicate.donor_id }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.DONORS_MERGED'));
      onMerged(survivor.donor_id);
    } catch (err) {
      setError(apiErrorMessage(err));
      setBusy(false);
    }
  };

  return (
    <FormModal title={t('donors.merge.title')} dirty={other !== null} onClose={onClose}>
      {(requestClose) => (
        <div className={styles.body}>
          <label htmlFor={inputId} className={styles.label}>
            {t('donors.merge.pick')}
          </label>
          <AsyncSelect<DonorOption, false>
            inputId={inputId}
            cacheOptions
            defaultOptions
            loadOptions={loadOptions}
            value={other}
            onChange={(option) => {
              setOther(option);
              setKeepCurrent(true);
            }}
            placeholder={t('donors.merge.pickPlaceholder')}
            noOptionsMessage={() => t('donors.merge.noOptions')}
            loadingMessage={() => t('donors.merge.loading')}
            styles={{
              control: (base, state) => ({
                ...base,
                minHeight: 44,
                borderRadius: 8,
                borderColor: state.isFocused ? 'var(--color-accent)' : 'var(--color-border)',
                boxShadow: state.isFocused ? 'var(--focus-ring)' : 'none',
              }),
              option: (base, state) => ({
                ...base,
                backgroundColor: state.isSelected ? 'var(--color-accent)' : state.isFocused ? 'var(--color-accent-soft)' : base.backgroundColor,
              }),
              menu: (base) => ({ ...base, zIndex: 50 }),
            }}
          />
          {survivor && duplicate && (
            <>
              <div className={styles.compare}>
                <DonorCard donor={survivor} heading={t('donors.merge.keep')} kind="keep" />
                <DonorCard donor={duplicate} heading={t('donors.merge.remove')} kind="remove" />
              </div>
              <button type="button" className={linkStyles.linkButton} onClick={() => setKeepCurrent((v) => !v)}>
                {t('donors.merge.swap')}
              </button>
              <p className={styles.explain}>{t('donors.merge.explain')}</p>
            </>
          )}
          <ServerAlert message={error} />
          <div className={styles.actions}>
            <SubmitButton type="button" variant="secondary" onClick={requestClose} disabled={busy}>
              {t('donors.merge.cancel')}
            </SubmitButton>
            <SubmitButton type="button" onClick={() => void merge()} loading={busy} disabled={!other}>
              {t('donors.merge.confirm')}
            </SubmitButton>
          </div>
        </div>
      )}
    </FormModal>
  );
}

function DonorCard({ donor, heading, kind }: { donor: DonorRow; heading: string; kind: 'keep' | 'remove' }) {
  const { t } = useTranslation();
  return (
    <section className={`${styles.card} ${styles[kind]}`} aria-label={`${heading}: ${donor.name}`}>
      <p className={styles.cardHeading}>{heading}</p>
      <p className={styles.name}>{donor.name}</p>
      <dl className={styles.facts}>
        <dt className="visually-hidden">{t('donors.details.email')}</dt>
        <dd>{donor.donor_email ?? '—'}</dd>
        <dt className="visually-hidden">{t('donors.details.phone')}</dt>
        <dd>{formatPhone(donor.donor_phone) || '—'}</dd>
        <dt className="visually-hidden">{t('donors.columns.contributorType')}</dt>
        <dd>{labelOf(CONTRIBUTOR_TYPE_OPTIONS, donor.contributor_type)}</dd>
        <dt className="visually-hidden">{t('donors.details.address')}</dt>
        <dd>{[donor.address, donor.city, donor.zip].filter(Boolean).join(', ') || '—'}</dd>
        <dt className="visually-hidden">{t('donors.figures.paid')}</dt>
        <dd>{t('donors.merge.paid', { amount: formatCents(donor.paid_cents) })}</dd>
        <dt className="visually-hidden">{t('donors.figures.outstanding')}</dt>
        <dd>{t('donors.merge.outstanding', { amount: formatCents(donor.outstanding_cents) })}</dd>
      </dl>
    </section>
  );
}
