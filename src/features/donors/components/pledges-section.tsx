import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonorDetail } from '../../../../domain/donor-book/donors-contract';
import type { PledgeRow } from '../../../../domain/donor-book/pledges-contract';
import { formatCents } from '../../../../domain/money';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable, EmptyState, type DataTableColumn } from '../../../components/data-table';
import { successMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDeletePledgeMutation } from '../api/donors-api';
import { PledgeFormModal } from './pledge-form-modal';
import styles from './sections.module.css';
import { WriteOffModal } from './write-off-modal';

interface PledgesSectionProps {
  campaignId: string;
  donor: DonorDetail;
  canWrite: boolean;
}

const btn = `${buttonStyles.button} ${buttonStyles.secondary} ${styles.small}`;

/**
 * The donor's pledges (the donor's detail): status, remaining, next payment; record, edit, write off,
 * delete (with confirmation). Each write invalidates 'Pledge': the figures, history and lists follow.
 */
export function PledgesSection({ campaignId, donor, canWrite }: PledgesSectionProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<PledgeRow | 'new' | null>(null);
  const [writingOff, setWritingOff] = useState<PledgeRow | null>(null);
  const [deleting, setDeleting] = useState<PledgeRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [deletePledge] = useDeletePledgeMutation();

  const remove = async (pledge: PledgeRow) => {
    setBusy(true);
    try {
      const result = await deletePledge({ campaignId, pledgeId: pledge.pledge_id }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.PLEDGE_DELETED'));
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const columns: DataTableColumn<PledgeRow>[] = [
    { id: 'date', nowrap: true, header: t('donors.pledges.columns.date'), rowHeader: true, cell: (p) => formatDate(p.commitment_date) },
    { id: 'amount', header: t('donors.pledges.columns.amount'), align: 'end', cell: (p) => formatCents(p.commitment_amount_cents) },
    { id: 'paid', header: t('donors.pledges.columns.paid'), align: 'end', cell: (p) => formatCents(p.paid_cents) },
    { id: 'remaining', header: t('donors.pledges.columns.remaining'), align: 'end', cell: (p) => formatCents(p.remaining_cents) },
    { id: 'status', header: t('donors.pledges.columns.status'), cell: (p) => <span className={`${styles.badge} ${styles[p.status]}`}>{t(`donors.status.${p.status}`)}</span> },
    { id: 'next', nowrap: true, header: t('donors.pledges.columns.nextPayment'), cell: (p) => formatDate(p.next_payment_date) || <span className={styles.muted}>—</span> },
    {
      id: 'instalments',
      header: t('donors.pledges.columns.instalments'),
      cell: (p) => (p.instalments.length > 0 ? t('donors.pledges.instalmentCount', { count: p.instalments.length }) : <span className={styles.muted}>{t('donors.pledges.onePayment')}</span>),
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: <span className="visually-hidden">{t('donors.pledges.columns.actions')}</span>,
      align: 'end',
      cell: (p) => {
        const date = formatDate(p.commitment_date);
        const open = p.status === 'open' || p.status === 'partly_paid';
        return (
          <div className={styles.rowActions}>
            {p.status !== 'written_off' && (
              <button type="button" className={btn} aria-label={t('donors.pledges.editFor', { date })} onClick={() => setEditing(p)}>
                {t('donors.pledges.edit')}
              </button>
            )}
            {open && (
              <button type="button" className={btn} aria-label={t('donors.pledges.writeOffFor', { date })} onClick={() => setWritingOff(p)}>
                {t('donors.pledges.writeOff')}
              </button>
            )}
            <button type="button" className={`${btn} ${styles.danger}`} aria-label={t('donors.pledges.deleteFor', { date })} onClick={() => setDeleting(p)}>
              {t('donors.pledges.delete')}
            </button>
          </div>
        );
      },
    });
  }

  return (
    <section className={styles.card} aria-labelledby="pledges-heading">
      <div className={styles.cardHeader}>
        <h2 id="pledges-heading" className={styles.cardTitle}>
          {t('donors.pledges.title')}
        </h2>
        {canWrite && (
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={() => setEditing('new')}>
            {t('donors.pledges.record')}
          </button>
        )}
      </div>
      <DataTable
        caption={t('donors.pledges.caption', { name: donor.name })}
        columns={columns}
        rows={donor.pledges}
        rowKey={(p) => p.pledge_id}
        empty={<EmptyState text={t('donors.pledges.empty')} />}
      />
      {editing !== null && (
        <PledgeFormModal
          campaignId={campaignId}
          donorId={donor.donor_id}
          pledge={editing === 'new' ? null : editing}
          cycle={donor.cycle}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {writingOff && (
        <WriteOffModal
          campaignId={campaignId}
          pledge={writingOff}
          onClose={() => setWritingOff(null)}
          onDone={() => setWritingOff(null)}
        />
      )}
      <ConfirmModal
        open={deleting !== null}
        title={t('donors.pledges.deleteTitle')}
        confirmLabel={t('donors.delete')}
        cancelLabel={t('donors.cancel')}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting && t('donors.pledges.deleteText', { amount: formatCents(deleting.commitment_amount_cents), date: formatDate(deleting.commitment_date) })}
      </ConfirmModal>
    </section>
  );
}
