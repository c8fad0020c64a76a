import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationRow } from '../../../../domain/donor-book/donations-contract';
import type { DonorDetail } from '../../../../domain/donor-book/donors-contract';
import { labelOf, PAYMENT_METHOD_OPTIONS } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable, EmptyState, Pager, type DataTableColumn } from '../../../components/data-table';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCampaignData } from '../../../lib/api';
import { FRESH, useDeleteDonationMutation, useDonorDonationListQuery } from '../api/donors-api';
import { isOutsideCycle } from '../outside-cycle';
import { DonationFormModal } from './donation-form-modal';
import { DonationRefunds, fullyRefunded } from './donation-refunds';
import { refundableCents, RefundModal } from './refund-modal';
import styles from './sections.module.css';

export const DONATIONS_PAGE_SIZE = 10;

interface DonationsSectionProps {
  campaignId: string;
  donor: DonorDetail;
  canWrite: boolean;
}

const btn = `${buttonStyles.button} ${buttonStyles.secondary} ${styles.small}`;

/**
 * The donor's donations (list_donation?donor_id=, paged and sorted on the server): record, edit, refund
 * all or part (each refund listed under the donation's status), delete. Each write invalidates
 * 'Donation': this table, the donor's figures and pledges, the history and the lists are read again.
 */
export function DonationsSection({ campaignId, donor, canWrite }: DonationsSectionProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-paying_date');
  const [editing, setEditing] = useState<DonationRow | 'new' | null>(null);
  const [refunding, setRefunding] = useState<DonationRow | null>(null);
  const [deleting, setDeleting] = useState<DonationRow | null>(null);
  const [busy, setBusy] = useState(false);
  const query = { donor_id: donor.donor_id, page, limit: DONATIONS_PAGE_SIZE, sort };
  const list = useDonorDonationListQuery(campaignId ? { campaignId, query } : skipToken, FRESH);
  const data = useCampaignData(list, campaignId || null);
  const [deleteDonation] = useDeleteDonationMutation();
  const rows = data?.donation_list ?? [];
  const pledgeDate = (id: string | null) => formatDate(donor.pledges.find((p) => p.pledge_id === id)?.commitment_date);
  const overLimitCents = donor.limit_cents !== null && donor.aggregate_cents > donor.limit_cents ? donor.aggregate_cents - donor.limit_cents : 0;
  /** Refunding a gift dated outside the cycle does not lower this cycle's aggregate: no excess to offer. */
  const excessFor = (d: DonationRow) => (isOutsideCycle(d.paying_date, donor.cycle) ? 0 : overLimitCents);
  const reference = (d: DonationRow) =>
    [d.check_number ? t('donors.donations.checkNumber', { number: d.check_number }) : '', d.reference_number ?? ''].filter(Boolean).join(' · ');

  const changed = () => {
    setEditing(null);
    setRefunding(null);
  };

  const remove = async (donation: DonationRow) => {
    setBusy(true);
    try {
      const result = await deleteDonation({ campaignId, donationId: donation.donation_id }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.DONATION_DELETED'));
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const columns: DataTableColumn<DonationRow>[] = [
    { id: 'date', nowrap: true, header: t('donors.donations.columns.date'), sortKey: 'paying_date', descendingFirst: true, rowHeader: true, cell: (d) => formatDate(d.paying_date) },
    {
      id: 'amount',
      header: t('donors.donations.columns.amount'),
      align: 'end',
      sortKey: 'paid_amount_cents',
      descendingFirst: true,
      cell: (d) =>
        d.refunded_cents > 0 && !fullyRefunded(d) ? (
          <>
            {formatCents(d.paid_amount_cents)}
            <span className={styles.subline}>{t('donors.donations.net', { net: formatCents(d.net_amount_cents) })}</span>
          </>
        ) : (
          <span className={fullyRefunded(d) ? styles.struck : undefined}>{formatCents(d.paid_amount_cents)}</span>
        ),
    },
    { id: 'method', header: t('donors.donations.columns.method'), cell: (d) => labelOf(PAYMENT_METHOD_OPTIONS, d.payment_method) },
    { id: 'reference', header: t('donors.donations.columns.reference'), cell: (d) => reference(d) || <span className={styles.muted}>—</span> },
    { id: 'pledge', header: t('donors.donations.columns.pledge'), cell: (d) => pledgeDate(d.pledge_id) || <span className={styles.muted}>—</span> },
    { id: 'source', header: t('donors.donations.columns.source'), cell: (d) => t(`donors.donations.sources.${d.source}`) },
    {
      id: 'status',
      header: t('donors.donations.columns.status'),
      cell: (d) => <DonationRefunds donation={d} />,
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: <span className="visually-hidden">{t('donors.donations.columns.actions')}</span>,
      align: 'end',
      cell: (d) => {
        const date = formatDate(d.paying_date);
        return (
          <div className={`${styles.rowActions} ${styles.rowActionsWrap}`}>
            {refundableCents(d) > 0 && (
              <>
                <button type="button" className={btn} aria-label={t('donors.donations.editFor', { date })} onClick={() => setEditing(d)}>
                  {t('donors.donations.edit')}
                </button>
                <button type="button" className={btn} aria-label={t('donors.donations.refundFor', { date })} onClick={() => setRefunding(d)}>
                  {t('donors.donations.refundPart')}
                </button>
              </>
            )}
            <button type="button" className={`${btn} ${styles.danger}`} aria-label={t('donors.donations.deleteFor', { date })} onClick={() => setDeleting(d)}>
              {t('donors.donations.delete')}
            </button>
          </div>
        );
      },
    });
  }

  const totals = data?.totals;
  const footer =
    totals && rows.length > 0 ? (
      <tr>
        <td colSpan={columns.length}>
          {t('donors.donations.totals', { net: formatCents(totals.net_cents), refunded: formatCents(totals.refunded_cents) })}
        </td>
      </tr>
    ) : undefined;

  return (
    <section className={styles.card} aria-labelledby="donations-heading">
      <div className={styles.cardHeader}>
        <h2 id="donations-heading" className={styles.cardTitle}>
          {t('donors.donations.title')}
        </h2>
        {canWrite && (
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={() => setEditing('new')}>
            {t('donors.donations.record')}
          </button>
        )}
      </div>
      <DataTable
        caption={t('donors.donations.caption', { name: donor.name })}
        columns={columns}
        rows={rows}
        rowKey={(d) => d.donation_id}
        loading={list.isFetching}
        error={list.isError ? apiErrorMessage(list.error) : undefined}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        empty={<EmptyState text={t('donors.donations.empty')} />}
        footer={footer}
      />
      {(data?.total ?? 0) > DONATIONS_PAGE_SIZE && (
        <div className={styles.pagerSlot}>
          <Pager page={page} pageSize={DONATIONS_PAGE_SIZE} total={data?.total ?? 0} onPageChange={setPage} disabled={list.isFetching} label={t('donors.donations.title')} />
        </div>
      )}
      {editing !== null && (
        <DonationFormModal campaignId={campaignId} donor={donor} donation={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={changed} />
      )}
      {refunding && <RefundModal campaignId={campaignId} donation={refunding} excessCents={excessFor(refunding)} onClose={() => setRefunding(null)} onDone={changed} />}
      <ConfirmModal
        open={deleting !== null}
        title={t('donors.donations.deleteTitle')}
        confirmLabel={t('donors.delete')}
        cancelLabel={t('donors.cancel')}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting && t('donors.donations.deleteText', { amount: formatCents(deleting.paid_amount_cents), date: formatDate(deleting.paying_date) })}
      </ConfirmModal>
    </section>
  );
}
