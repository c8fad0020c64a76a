import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CampaignView } from '../../../../domain/campaign';
import { canPurchasePackages } from '../../../../domain/permissions';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import buttonStyles from '../../../components/button.module.css';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { successMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { campaignApi, useAcceptInvitationMutation } from '../api/campaign-api';
import { EMPTY_CAMPAIGN_FORM, fromCampaignView, type CampaignFormValues } from '../campaign-form-values';
import { CampaignForm } from '../components/campaign-form';
import styles from './campaign-page.module.css';

export const CAMPAIGN_PAGE_SIZE = 10;

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; id: string; values: CampaignFormValues; frozen: boolean };

/** The user's campaigns: list (with status), create, edit; accepts ?invitation=<token>. */
export default function CampaignPage() {
  const { t } = useTranslation();
  const title = t('pages.campaign.title');
  usePageTitle(title);
  const dispatch = useAppDispatch();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [opening, setOpening] = useState<string | null>(null);
  useAcceptInvitation();

  // A save invalidates the 'Campaign' tag: the layout's campaign list reads again.
  const onSaved = (_campaign: CampaignView) => setMode({ kind: 'list' });

  const openEdit = async (id: string) => {
    setOpening(id);
    try {
      // The campaign as it is now, not as cached.
      const view = await dispatch(campaignApi.endpoints.campaign.initiate(id, { subscribe: false, forceRefetch: true })).unwrap();
      setMode({ kind: 'edit', id, values: fromCampaignView(view), frozen: view.status !== 'pending' });
    } catch (err) {
      notify.apiError(err);
    } finally {
      setOpening(null);
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        context={t('pages.campaign.context')}
        action={
          mode.kind === 'list' && (
            <SubmitButton type="button" onClick={() => setMode({ kind: 'create' })}>
              {t('campaign.create')}
            </SubmitButton>
          )
        }
      />
      {mode.kind === 'create' && <CampaignForm initial={EMPTY_CAMPAIGN_FORM} onSaved={onSaved} onCancel={() => setMode({ kind: 'list' })} />}
      {mode.kind === 'edit' && (
        <CampaignForm key={mode.id} initial={mode.values} campaignId={mode.id} slugFrozen={mode.frozen} onSaved={onSaved} onCancel={() => setMode({ kind: 'list' })} />
      )}
      {mode.kind === 'list' && <CampaignTable onEdit={(id) => void openEdit(id)} opening={opening} onCreate={() => setMode({ kind: 'create' })} />}
    </>
  );
}

/** /campaign?invitation=<token>: join the campaign, refresh the list, drop the token from the URL. */
function useAcceptInvitation() {
  const { t } = useTranslation();
  const [acceptInvitation] = useAcceptInvitationMutation();
  const [params, setParams] = useSearchParams();
  const token = params.get('invitation');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    // Joining invalidates the 'Campaign' tag: the campaign list reads again.
    acceptInvitation(token)
      .unwrap()
      .then((result) => {
        notify.success(result.data?.campaign_name ? t('campaign.joined', { name: result.data.campaign_name }) : successMessage(result.message_code, 'messages.INVITATION_ACCEPTED'));
      })
      .catch((err: unknown) => notify.apiError(err))
      .finally(() => {
        const next = new URLSearchParams(params);
        next.delete('invitation');
        setParams(next, { replace: true });
      });
  }, [token, params, setParams, acceptInvitation, t]);
}

function CampaignTable({ onEdit, onCreate, opening }: { onEdit: (id: string) => void; onCreate: () => void; opening: string | null }) {
  const { t } = useTranslation();
  const searchId = useId();
  const list = useAppSelector((s) => s.campaign.allCampaignList);
  const loading = useAppSelector((s) => s.campaign.listLoading);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = search.trim().toLowerCase();
  const filtered = query ? list.filter((c) => `${c.campaign_name} ${c.slug ?? ''}`.toLowerCase().includes(query)) : list;
  const pages = Math.max(1, Math.ceil(filtered.length / CAMPAIGN_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = filtered.slice((current - 1) * CAMPAIGN_PAGE_SIZE, current * CAMPAIGN_PAGE_SIZE);
  const first = filtered.length === 0 ? 0 : (current - 1) * CAMPAIGN_PAGE_SIZE + 1;
  const last = Math.min(filtered.length, current * CAMPAIGN_PAGE_SIZE);

  return (
    <>
      <div className={styles.toolbar}>
        <label htmlFor={searchId} className={styles.search}>
          {t('campaign.search')}
          <input
            id={searchId}
            type="search"
            className={styles.control}
            value={search}
            placeholder={t('campaign.searchPlaceholder')}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      <div className={styles.tableWrap} aria-busy={loading || undefined}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('campaign.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('campaign.columns.name')}</th>
              <th scope="col">{t('campaign.columns.slug')}</th>
              <th scope="col">{t('campaign.columns.status')}</th>
              <th scope="col">{t('campaign.columns.role')}</th>
              <th scope="col">{t('campaign.columns.package')}</th>
              <th scope="col">{t('campaign.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => {
              const id = c.campaign_id;
              const status = c.status ?? 'active';
              return (
                <tr key={id}>
                  <td>{c.campaign_name}</td>
                  <td>{c.slug}</td>
                  <td>
                    <span className={`${styles.badge} ${styles[status]}`}>{t(`campaign.status.${status}`)}</span>
                  </td>
                  <td>{c.role_name ?? c.role}</td>
                  <td>
                    {c.package_status && <span className={`${styles.badge} ${styles[c.package_status]}`}>{t(`campaign.package.${c.package_status}`)}</span>}
                  </td>
                  <td>
                    <div className={styles.actions}>
                      <Link
                        to={`${paths.campaignDetails}?id=${encodeURIComponent(id)}`}
                        className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.small}`}
                        aria-label={t('campaign.detailsFor', { name: c.campaign_name })}
                      >
                        {t('campaign.details')}
                      </Link>
                      {canPurchasePackages(c.role) && status !== 'archived' && (
                        <SubmitButton
                          type="button"
                          variant="secondary"
                          className={styles.small}
                          loading={opening === id}
                          aria-label={t('campaign.editFor', { name: c.campaign_name })}
                          onClick={() => onEdit(id)}
                        >
                          {t('campaign.edit')}
                        </SubmitButton>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {loading && list.length === 0 && <LoadingOverlay inline />}
        {!loading && filtered.length === 0 && (
          <div className={styles.empty}>
            <p>{list.length === 0 ? t('campaign.empty') : t('campaign.noMatch')}</p>
            {list.length === 0 && (
              <SubmitButton type="button" onClick={onCreate}>
                {t('campaign.createFirst')}
              </SubmitButton>
            )}
          </div>
        )}
      </div>
      <div className={styles.pager}>
        <span>{t('campaign.showing', { first, last, total: filtered.length })}</span>
        <div className={styles.pagerButtons}>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} disabled={current <= 1} onClick={() => setPage(current - 1)}>
            {t('admin.previous')}
          </button>
          <span>{t('admin.pageOf', { page: current, pages })}</span>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} disabled={current >= pages} onClick={() => setPage(current + 1)}>
            {t('admin.next')}
          </button>
        </div>
      </div>
    </>
  );
}
