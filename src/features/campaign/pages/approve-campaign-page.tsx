import dayjs from 'dayjs';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PendingCampaignItem } from '../../../../domain/campaign';
import { useAppSelector } from '../../../app/hooks';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { DATE_DISPLAY_FORMAT } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { sessionUserId } from '../../../lib/session';
import '../../../lib/staff-catalogue';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { useApproveCampaignMutation, useCampaignListQuery, usePendingCampaignsQuery } from '../api/campaign-api';
import styles from './campaign-page.module.css';

const PAGE_SIZE = 20;

/** Activation of registered campaigns: platform administrators activate; others see their pending ones. */
export default function ApproveCampaignPage() {
  const { t } = useTranslation();
  const title = t('pages.approveCampaign.title');
  usePageTitle(title);
  const isAdmin = useAppSelector((s) => s.user.is_platform_admin === true);
  return (
    <>
      <PageHeader title={title} context={t(isAdmin ? 'approve.adminContext' : 'approve.ownerContext')} />
      {isAdmin ? <PendingForAdmin /> : <MyPending />}
      <p>
        <Link to={paths.campaign}>{t('approve.back')}</Link>
      </p>
    </>
  );
}

function PendingForAdmin() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [confirm, setConfirm] = useState<PendingCampaignItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [activated, setActivated] = useState<PendingCampaignItem[]>([]);

  // Read afresh on each visit and page; an activation reads the queue again (the 'Campaign' tag).
  const queue = usePendingCampaignsQuery({ page, limit: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const data = queue.data ?? null;
  const error = queue.isError ? apiErrorMessage(queue.error) : '';
  const [approveCampaign] = useApproveCampaignMutation();

  const activate = async (item: PendingCampaignItem) => {
    setBusy(true);
    try {
      const result = await approveCampaign(item.campaign_id).unwrap();
      notify.success(successMessage(result.message_code, 'messages.CAMPAIGN_ACTIVATED'));
      setActivated((list) => [item, ...list]);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const rows = data?.campaign_list ?? [];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  return (
    <>
      {error && (
        <p role="alert" className={styles.empty}>
          {error}
        </p>
      )}
      {/* The authentication layout's column is narrow (SPEC §2): one card per campaign, not a wide table. */}
      <div className={styles.cardList}>
        <ul aria-label={t('approve.caption')} className={styles.cards}>
          {rows.map((c) => (
            <li key={c.campaign_id} className={styles.pendingCard}>
              <h2 className={styles.pendingName}>{c.campaign_name}</h2>
              <dl className={styles.pendingFacts}>
                <dt>{t('campaign.columns.slug')}</dt>
                <dd>{c.slug}</dd>
                <dt>{t('approve.registeredBy')}</dt>
                <dd>{c.created_by ? `${c.created_by.name}${c.created_by.email ? ` (${c.created_by.email})` : ''}` : ''}</dd>
                <dt>{t('approve.registered')}</dt>
                <dd>{dayjs(c.created_at).format(DATE_DISPLAY_FORMAT)}</dd>
              </dl>
              <SubmitButton type="button" className={styles.small} aria-label={t('approve.activateFor', { name: c.campaign_name })} onClick={() => setConfirm(c)}>
                {t('approve.activate')}
              </SubmitButton>
            </li>
          ))}
        </ul>
        {!data && !error && <LoadingOverlay inline />}
        {data && rows.length === 0 && <p className={styles.empty}>{t('approve.none')}</p>}
      </div>
      {pages > 1 && (
        <div className={styles.pager}>
          <span>{t('admin.pageOf', { page, pages })}</span>
          <div className={styles.pagerButtons}>
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('admin.previous')}
            </button>
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('admin.next')}
            </button>
          </div>
        </div>
      )}
      {activated.length > 0 && (
        <section aria-label={t('approve.activatedHeading')}>
          <h2>{t('approve.activatedHeading')}</h2>
          <ul>
            {activated.map((c) => (
              <li key={c.campaign_id}>
                {c.campaign_name} —{' '}
                <Link to={`${paths.campaignDetails}?id=${encodeURIComponent(c.campaign_id)}`}>{t('approve.grantLink', { name: c.campaign_name })}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConfirmModal
        open={confirm !== null}
        title={t('approve.confirmTitle')}
        confirmLabel={t('approve.activate')}
        cancelLabel={t('profile.cancel')}
        busy={busy}
        onConfirm={() => confirm && void activate(confirm)}
        onCancel={() => setConfirm(null)}
      >
        {t('approve.confirmText', { name: confirm?.campaign_name ?? '' })}
      </ConfirmModal>
    </>
  );
}

function MyPending() {
  const { t } = useTranslation();
  const stored = useAppSelector((s) => s.user.userId);
  const userId = stored !== null && stored !== '' ? String(stored) : sessionUserId();
  // Read afresh on each visit: the answer goes into the campaign slice, which this list shows.
  useCampaignListQuery(userId ?? skipToken, { refetchOnMountOrArgChange: true });
  const list = useAppSelector((s) => s.campaign.allCampaignList);
  const pending = list.filter((c) => c.status === 'pending');
  if (pending.length === 0) return <p>{t('approve.nonePending')}</p>;
  return (
    <ul>
      {pending.map((c) => (
        <li key={c.campaign_id}>
          <strong>{c.campaign_name}</strong>: {t('approve.waiting')}
        </li>
      ))}
    </ul>
  );
}
