import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonorHistoryRow } from '../../../../domain/donor-book/donor-reports-contract';
import { labelOf, PAYMENT_METHOD_OPTIONS } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import { DataTable, EmptyState, Pager, type DataTableColumn } from '../../../components/data-table';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCampaignData } from '../../../lib/api';
import { FRESH, useDonorHistoryQuery } from '../api/donors-api';
import styles from './sections.module.css';

const PAGE_SIZE = 10;

interface HistorySectionProps {
  campaignId: string;
  donorId: string;
  donorName: string;
}

/**
 * Every pledge, donation, refund and write-off of the donor (list_donor_history?donor_id=), newest
 * first; read again when a write invalidates 'Pledge' or 'Donation'.
 */
export function HistorySection({ campaignId, donorId, donorName }: HistorySectionProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-date');
  const query = { donor_id: donorId, page, limit: PAGE_SIZE, sort };
  const list = useDonorHistoryQuery(campaignId ? { campaignId, query } : skipToken, FRESH);
  const data = useCampaignData(list, campaignId || null);
  const rows = data?.donor_history_list ?? [];

  const columns: DataTableColumn<DonorHistoryRow>[] = [
    { id: 'date', nowrap: true, header: t('donors.history.columns.date'), sortKey: 'date', descendingFirst: true, cell: (h) => formatDate(h.date) },
    { id: 'kind', header: t('donors.history.columns.kind'), cell: (h) => <span className={`${styles.badge} ${styles[h.kind]}`}>{t(`donors.history.kinds.${h.kind}`)}</span> },
    {
      id: 'amount',
      header: t('donors.history.columns.amount'),
      align: 'end',
      sortKey: 'amount_cents',
      descendingFirst: true,
      cell: (h) => formatCents(h.kind === 'refund' || h.kind === 'write_off' ? -Math.abs(h.amount_cents) : h.amount_cents),
    },
    { id: 'method', header: t('donors.history.columns.method'), cell: (h) => labelOf(PAYMENT_METHOD_OPTIONS, h.payment_method) || <span className={styles.muted}>—</span> },
    { id: 'reference', header: t('donors.history.columns.reference'), cell: (h) => h.reference ?? <span className={styles.muted}>—</span> },
  ];

  return (
    <section className={styles.card} aria-labelledby="history-heading">
      <div className={styles.cardHeader}>
        <h2 id="history-heading" className={styles.cardTitle}>
          {t('donors.history.title')}
        </h2>
      </div>
      <DataTable
        caption={t('donors.history.caption', { name: donorName })}
        columns={columns}
        rows={rows}
        rowKey={(h) => h.event_id}
        loading={list.isFetching}
        error={list.isError ? apiErrorMessage(list.error) : undefined}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        empty={<EmptyState text={t('donors.history.empty')} />}
      />
      {(data?.total ?? 0) > PAGE_SIZE && (
        <div className={styles.pagerSlot}>
          <Pager page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onPageChange={setPage} disabled={list.isFetching} label={t('donors.history.title')} />
        </div>
      )}
    </section>
  );
}
