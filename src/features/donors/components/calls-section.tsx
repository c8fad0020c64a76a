import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowUpCallRow } from '../../../../domain/donor-book/follow-up-contract';
import { CALL_OUTCOME_OPTIONS, labelOf } from '../../../../domain/donor-book/enums';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, EmptyState, Pager, type DataTableColumn } from '../../../components/data-table';
import { LogCallModal } from '../../../components/log-call-modal';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCampaignData } from '../../../lib/api';
import { FRESH, useDonorCallListQuery, useLogDonorCallMutation } from '../api/donors-api';
import styles from './sections.module.css';

const PAGE_SIZE = 10;

interface CallsSectionProps {
  campaignId: string;
  donorId: string;
  donorName: string;
  donorPhone: string | null;
  /** follow_up.write: may log a call. */
  canWrite: boolean;
}

/** The donor's logged calls and sent reminders (list_follow_up_call?donor_id=), newest first; 'Log call' adds one. */
export function CallsSection({ campaignId, donorId, donorName, donorPhone, canWrite }: CallsSectionProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [logging, setLogging] = useState(false);
  const query = { donor_id: donorId, page, limit: PAGE_SIZE };
  const list = useDonorCallListQuery(campaignId ? { campaignId, query } : skipToken, FRESH);
  const data = useCampaignData(list, campaignId || null);
  const [logCall] = useLogDonorCallMutation();
  const rows = data?.follow_up_call_list ?? [];

  const logged = () => {
    setLogging(false);
    // The new call is the newest: show the first page (the write invalidated 'FollowUp': it is read again).
    setPage(1);
  };

  const columns: DataTableColumn<FollowUpCallRow>[] = [
    { id: 'date', nowrap: true, header: t('donors.calls.columns.date'), cell: (c) => formatDate(c.created_at) },
    { id: 'kind', header: t('donors.calls.columns.kind'), cell: (c) => (c.kind === 'call' ? t('donors.calls.call') : t('donors.calls.reminder')) },
    {
      id: 'outcome',
      header: t('donors.calls.columns.outcome'),
      cell: (c) => (c.kind === 'call' ? labelOf(CALL_OUTCOME_OPTIONS, c.outcome) : c.channel ? t(`donors.calls.channels.${c.channel}`) : '') || <span className={styles.muted}>—</span>,
    },
    { id: 'note', header: t('donors.calls.columns.note'), cell: (c) => c.note ?? <span className={styles.muted}>—</span> },
    { id: 'next', nowrap: true, header: t('donors.calls.columns.nextCall'), cell: (c) => formatDate(c.next_call_date) || <span className={styles.muted}>—</span> },
    { id: 'by', header: t('donors.calls.columns.by'), cell: (c) => c.created_by?.name ?? <span className={styles.muted}>—</span> },
  ];

  return (
    <section className={styles.card} aria-labelledby="calls-heading">
      <div className={styles.cardHeader}>
        <h2 id="calls-heading" className={styles.cardTitle}>
          {t('donors.calls.title')}
        </h2>
        {canWrite && (
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={() => setLogging(true)}>
            {t('donors.calls.logCall')}
          </button>
        )}
      </div>
      <DataTable
        caption={t('donors.calls.caption', { name: donorName })}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.call_id}
        loading={list.isFetching}
        error={list.isError ? apiErrorMessage(list.error) : undefined}
        empty={<EmptyState text={t('donors.calls.empty')} />}
      />
      {(data?.total ?? 0) > PAGE_SIZE && (
        <div className={styles.pagerSlot}>
          <Pager page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onPageChange={setPage} disabled={list.isFetching} label={t('donors.calls.title')} />
        </div>
      )}
      {logging && (
        <LogCallModal
          donorName={donorName}
          donorPhone={donorPhone}
          save={(call) => logCall({ campaign_id: campaignId, donor_id: donorId, ...call }).unwrap()}
          onClose={() => setLogging(false)}
          onLogged={logged}
        />
      )}
    </section>
  );
}
