import { useTranslation } from 'react-i18next';
import type { CycleInfo } from '../../../../domain/donor-book/donors-contract';
import { SubmitButton } from '../../../components/submit-button';
import { formatDate } from '../../../lib/format';
import { isOutsideCycle, type OutsideCycleDetails } from '../outside-cycle';
import { ServerAlert } from './server-alert';
import styles from './forms.module.css';

type Kind = 'gift' | 'pledge';

interface OutsideCycleAlertProps {
  kind: Kind;
  /** The server's refusal (null: none, or the date changed since). */
  outside: OutsideCycleDetails | null;
  /** The date typed and the campaign's cycle: a note before saving when the date falls outside it. */
  date: string;
  cycle: CycleInfo | null | undefined;
  busy: boolean;
  /** Sends the form again with confirm_outside_cycle: true. */
  onConfirm: () => void;
}

/**
 * The out-of-cycle warning of the donation and pledge forms: after a 422 OUTSIDE_ELECTION_CYCLE, an
 * alert naming the campaign's cycle and the one the gift counts toward, with "Record anyway"; before
 * that, a polite note as soon as the typed date falls outside the donor's cycle.
 */
export function OutsideCycleAlert({ kind, outside, date, cycle, busy, onConfirm }: OutsideCycleAlertProps) {
  const { t } = useTranslation();
  if (outside) {
    const values = { cycle: outside.cycle, start: formatDate(outside.cycle_start), end: formatDate(outside.cycle_end), countsToward: outside.counts_toward };
    const message = t(outside.counts_toward ? `donors.cycle.outside.${kind}` : `donors.cycle.outside.${kind}NoCycle`, values);
    return (
      <ServerAlert message={message}>
        <p>{t('donors.cycle.outside.confirmText')}</p>
        <SubmitButton type="button" variant="secondary" className={styles.smallButton} loading={busy} onClick={onConfirm}>
          {t('donors.cycle.outside.confirm')}
        </SubmitButton>
      </ServerAlert>
    );
  }
  if (cycle && isOutsideCycle(date, cycle)) {
    return (
      <p className={`${styles.warning} ${styles.cycleNote}`} role="status">
        {t('donors.cycle.outside.hint', { cycle: cycle.value, start: formatDate(cycle.start_date), end: formatDate(cycle.end_date) })}
      </p>
    );
  }
  return null;
}
