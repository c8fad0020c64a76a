import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '../../../../domain/money';
import type { PaymentStatus, PurchaseView } from '../../../../domain/payments/api-contract';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, EmptyState, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useCampaignData } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import '../../../lib/staff-catalogue';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaignId, useCampaignName } from '../../../lib/use-campaign';
import { usePurchaseInvoiceMutation, usePurchaseListQuery } from '../api/packages-api';
import styles from '../packages.module.css';

const STATUS_CLASS: Partial<Record<PaymentStatus, string>> = {
  completed: styles.statusDone,
  declined: styles.statusFailed,
  failed: styles.statusFailed,
};

/** Saves a downloaded file (its object URL) under `fileName`: a download link clicked, then the URL revoked. */
function saveObjectUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * /purchase-history (package.read): the packages bought or granted for the selected campaign, newest
 * first, each with its service period and (when bought) its invoice (fetched with the bearer token, saved as a PDF). Empty: a call to buy one.
 */
export default function PurchaseHistoryPage() {
  const { t } = useTranslation();
  const title = t('pages.purchaseHistory.title');
  usePageTitle(title);
  const campaignId = useCampaignId();
  const campaignName = useCampaignName();
  const canPurchase = useCan('package.purchase');
  // Each visit reads the server again (a payment may have completed meanwhile).
  const list = usePurchaseListQuery(campaignId || skipToken, { refetchOnMountOrArgChange: true });
  const shown = useCampaignData(list, campaignId || null);
  const rows = shown ?? [];
  const [getInvoice] = usePurchaseInvoiceMutation();
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (purchase: PurchaseView) => {
    setDownloading(purchase.payment_id);
    try {
      const url = await getInvoice({ campaignId, paymentId: purchase.payment_id }).unwrap();
      saveObjectUrl(url, `Invoice ${purchase.receipt_number ?? purchase.payment_id}.pdf`);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setDownloading(null);
    }
  };

  const buyLink = (
    <Link to={paths.purchasePackage} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
      {t('payments.history.buy')}
    </Link>
  );

  const columns: DataTableColumn<PurchaseView>[] = [
    { id: 'date', header: t('payments.history.date'), nowrap: true, rowHeader: true, cell: (p) => formatDate(p.date) },
    { id: 'years', header: t('payments.history.years'), cell: (p) => t('payments.packages.years', { count: p.years }) },
    {
      id: 'period',
      header: t('payments.history.period'),
      cell: (p) => (p.period_from && p.period_to ? t('payments.history.periodRange', { from: formatDate(p.period_from), to: formatDate(p.period_to) }) : ''),
    },
    { id: 'amount', header: t('payments.history.amount'), align: 'end', nowrap: true, cell: (p) => (p.source === 'grant' ? t('payments.history.noCharge') : formatCents(p.amount_cents)) },
    {
      id: 'status',
      header: t('payments.history.status'),
      cell: (p) =>
        p.source === 'grant' ? (
          <span className={`${styles.status} ${styles.statusDone}`}>{t('payments.history.granted')}</span>
        ) : (
          <span className={`${styles.status} ${STATUS_CLASS[p.status] ?? ''}`}>{t(`payments.status.${p.status}`)}</span>
        ),
    },
    { id: 'receipt', header: t('payments.history.receipt'), nowrap: true, cell: (p) => p.receipt_number ?? '' },
    {
      id: 'invoice',
      header: <span className="visually-hidden">{t('payments.history.invoice')}</span>,
      align: 'end',
      cell: (p) =>
        p.has_invoice ? (
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`}
            disabled={downloading === p.payment_id}
            aria-busy={downloading === p.payment_id || undefined}
            aria-label={t('payments.history.invoiceFor', { receipt: p.receipt_number ?? formatDate(p.date) })}
            onClick={() => void download(p)}
          >
            {t('payments.history.invoice')}
          </button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={title}
        context={campaignName ? t('payments.history.context', { campaign: campaignName }) : t('pages.purchaseHistory.context')}
        action={canPurchase && rows.length > 0 ? buyLink : undefined}
      />
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.payment_id}
        loading={list.isFetching}
        error={list.error && !shown ? apiErrorMessage(list.error) : undefined}
        empty={<EmptyState text={t('payments.history.empty')} action={buyLink} />}
      />
    </>
  );
}
