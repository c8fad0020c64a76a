import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '../../../../domain/money';
import type { ReconcileRow } from '../../../../domain/payments/api-contract';
import { DataTable, EmptyState, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { donorPagePath } from '../../../config/paths';
import { useCampaignData } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import '../../../lib/staff-catalogue';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaignId } from '../../../lib/use-campaign';
import { useReconcileReportQuery } from '../api/gateway-api';
import styles from '../components/staff.module.css';

const rowKey = (r: ReconcileRow) => `${r.payment_id}:${r.difference}:${r.refund?.refund_id ?? r.refund?.requested_at ?? ''}`;

/**
 * /payment_gateway/reconcile (payment_gateway.write, as its API): every online payment and refund of
 * the selected campaign whose state in the books differs from PayPal's, with what each side says and
 * the donor it belongs to; an empty report says the books match PayPal. Each load reads PayPal again.
 */
export default function PaymentReconcilePage() {
  const { t } = useTranslation();
  const title = t('pages.paymentReconcile.title');
  usePageTitle(title);
  const campaignId = useCampaignId();
  // Each visit reads PayPal again (refetchOnMountOrArgChange), as "Check again" does.
  const report = useReconcileReportQuery(campaignId || skipToken, { refetchOnMountOrArgChange: true });
  const data = useCampaignData(report, campaignId || null);
  const rows = data?.rows ?? [];

  const ours = (r: ReconcileRow) =>
    r.refund ? (
      t('payments.reconcile.ours.refund', { status: t(`payments.reconcile.ours.refundStatus.${r.refund.status}`) })
    ) : (
      <>
        {t('payments.reconcile.ours.payment', { status: t(`payments.status.${r.status}`) })}
        {(r.refunded_cents > 0 || r.difference === 'REFUNDED_AMOUNT_DIFFERS') && <span className={styles.subline}>{t('payments.reconcile.ours.refunded', { amount: formatCents(r.refunded_cents) })}</span>}
      </>
    );
  const paypal = (r: ReconcileRow) => {
    if (r.refund) return r.refund.paypal_status ? t('payments.reconcile.paypal.refund', { status: r.refund.paypal_status }) : t('payments.reconcile.paypal.notAsked');
    if (r.paypal_order_status === '—') return t('payments.reconcile.paypal.notAsked');
    return (
      <>
        {t('payments.reconcile.paypal.order', { status: r.paypal_order_status })}
        {r.paypal_capture_status && <span className={styles.subline}>{t('payments.reconcile.paypal.capture', { status: r.paypal_capture_status })}</span>}
      </>
    );
  };

  const columns: DataTableColumn<ReconcileRow>[] = [
    { id: 'date', nowrap: true, header: t('payments.reconcile.columns.date'), rowHeader: true, cell: (r) => formatDate(r.refund?.requested_at ?? r.created_at) },
    {
      id: 'donor',
      header: t('payments.reconcile.columns.donor'),
      cell: (r) =>
        r.kind === 'package' ? (
          t('payments.reconcile.package')
        ) : r.donor_id ? (
          <Link to={donorPagePath(r.donor_id)}>{r.donor_name ?? r.donor_id}</Link>
        ) : (
          <span className={styles.muted}>{t('payments.reconcile.noDonor')}</span>
        ),
    },
    {
      id: 'amount',
      header: t('payments.reconcile.columns.amount'),
      align: 'end',
      cell: (r) =>
        r.refund ? (
          <>
            {formatCents(r.refund.amount_cents)}
            <span className={styles.subline}>{t('payments.reconcile.refundOf', { amount: formatCents(r.amount_cents) })}</span>
          </>
        ) : (
          formatCents(r.amount_cents)
        ),
    },
    { id: 'difference', header: t('payments.reconcile.columns.difference'), cell: (r) => t(`payments.reconcile.differences.${r.difference}`) },
    { id: 'ours', header: t('payments.reconcile.columns.ours'), cell: ours },
    { id: 'paypal', header: t('payments.reconcile.columns.paypal'), cell: paypal },
    {
      id: 'reference',
      header: t('payments.reconcile.columns.reference'),
      cell: (r) => (
        <>
          {t('payments.reconcile.orderRef', { id: r.order_id })}
          {r.refund?.refund_id && <span className={styles.subline}>{t('payments.reconcile.refundRef', { id: r.refund.refund_id })}</span>}
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={title}
        context={t('pages.paymentReconcile.context')}
        action={
          <SubmitButton type="button" variant="secondary" loading={report.isFetching} onClick={() => {
            if (campaignId) void report.refetch();
          }}>
            {t('payments.reconcile.checkAgain')}
          </SubmitButton>
        }
      />
      <section className={styles.card}>
        {data && <p className={styles.text}>{t('payments.reconcile.checked', { checked: data.checked, limit: data.limit })}</p>}
        <DataTable
          caption={t('payments.reconcile.caption')}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          loading={report.isFetching}
          error={report.error ? apiErrorMessage(report.error) : undefined}
          empty={<EmptyState text={t('payments.reconcile.empty')} />}
          scrollsSideways
        />
      </section>
    </>
  );
}
