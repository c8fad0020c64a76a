import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { POST_PAYMENT_REFETCH_MS } from '../../config/constants';
import { clearCampaign } from '../../features/campaign/campaign-slice';
import { selectSelectedCampaignId } from '../../app/campaign-selectors';
import { loadCampaignList } from '../../features/campaign/load-campaigns';
import { loadPermissions } from '../../features/permission/load-permissions';
import { updateCampaignPermissions } from '../../features/permission/permission-slice';
import { connectPermissionSocket } from '../../lib/permission-socket';
import { sessionUserId } from '../../lib/session';
import { notify } from '../../lib/toast';

function useUserId(): string | null {
  const stored = useAppSelector((state) => state.user.userId);
  return stored !== null && stored !== '' ? String(stored) : sessionUserId();
}

/**
 * Signed-in campaign data of the main layout: the campaign list, the selected campaign's
 * permissions, the live-permission socket and the post-payment refetch (SPEC §4, §6).
 */
export function useCampaignData(): void {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const userId = useUserId();
  const selectedId = useAppSelector(selectSelectedCampaignId);
  const selectedKey = selectedId === null ? null : String(selectedId);
  const paymentFlag = useAppSelector((state) => state.campaign.paymentFlag);
  const packageStatus = useAppSelector((state) => state.campaign.selectedCampaign?.package_status);
  const list = useAppSelector((state) => state.campaign.allCampaignList);

  useEffect(() => {
    if (userId) void dispatch(loadCampaignList(userId));
  }, [dispatch, userId]);

  useEffect(() => {
    if (selectedKey) void dispatch(loadPermissions(selectedKey));
  }, [dispatch, selectedKey]);

  useEffect(() => {
    if (!userId) return;
    let disconnect: (() => void) | null = null;
    let cancelled = false;
    connectPermissionSocket(userId, {
      onConnect: () => {
        const current = store.getState().campaign.selectedCampaignId;
        if (current !== null) void dispatch(loadPermissions(String(current)));
      },
      onPermissions: (event) => {
        const current = store.getState().campaign.selectedCampaignId;
        for (const entry of event.data ?? []) {
          if (current !== null && String(entry.campaign_id) === String(current)) {
            dispatch(updateCampaignPermissions({ campaign_id: String(entry.campaign_id), resource_names: entry.resource_names ?? [] }));
          }
        }
      },
      onCampaignRemoved: (event) => {
        const current = store.getState().campaign.selectedCampaignId;
        if (current !== null && String(event.campaign_id) === String(current)) {
          notify.info(t('access.removed'));
          dispatch(clearCampaign());
        }
        void dispatch(loadCampaignList(userId));
      },
    })
      .then((stop) => {
        if (cancelled) stop();
        else disconnect = stop;
      })
      .catch((err: unknown) => console.error('Could not connect the permission socket', err));
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [dispatch, store, t, userId]);

  // After a payment, while the package is still INACTIVE, refetch the list after 5 s (SPEC §4).
  useEffect(() => {
    if (!userId || !paymentFlag || packageStatus !== 'INACTIVE') return;
    const timer = setTimeout(() => void dispatch(loadCampaignList(userId)), POST_PAYMENT_REFETCH_MS);
    return () => clearTimeout(timer);
  }, [dispatch, userId, paymentFlag, packageStatus, list]);
}
