import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { POST_PAYMENT_REFETCH_MS } from '../../config/constants';
import { useCampaignListQuery } from '../../features/campaign/api/campaign-api';
import { clearCampaign } from '../../features/campaign/campaign-slice';
import { selectSelectedCampaignId } from '../../app/campaign-selectors';
import { useRoleAccessQuery } from '../../features/permission/api/permission-api';
import { updateCampaignPermissions } from '../../features/permission/permission-slice';
import { api } from '../../lib/api';
import { connectPermissionSocket } from '../../lib/permission-socket';
import { sessionUserId } from '../../lib/session';
import { notify } from '../../lib/toast';

function useUserId(): string | null {
  const stored = useAppSelector((state) => state.user.userId);
  return stored !== null && stored !== '' ? String(stored) : sessionUserId();
}

/**
 * Signed-in campaign data of the main layout: the campaign list, the selected campaign's
 * permissions (both queries keep their slices in step), the live-permission socket and the
 * post-payment refetch (SPEC §4, §6).
 */
export function useCampaignData(): void {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const userId = useUserId();
  const selectedId = useAppSelector(selectSelectedCampaignId);
  const paymentFlag = useAppSelector((state) => state.campaign.paymentFlag);
  const packageStatus = useAppSelector((state) => state.campaign.selectedCampaign?.package_status);

  // After a payment, while the package is still INACTIVE, read the list again every 5 s (SPEC §4).
  const waitingForPayment = paymentFlag && packageStatus === 'INACTIVE';
  useCampaignListQuery(userId ?? skipToken, { refetchOnMountOrArgChange: true, pollingInterval: waitingForPayment ? POST_PAYMENT_REFETCH_MS : 0 });
  // Read afresh on each selection (a role may have changed meanwhile).
  useRoleAccessQuery(selectedId ?? skipToken, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    if (!userId) return;
    const connecting = connectPermissionSocket(userId, {
      // Each (re)connection: a change pushed while the socket was away shows.
      onConnect: () => {
        const current = store.getState().campaign.selectedCampaignId;
        if (current !== null) dispatch(api.util.invalidateTags([{ type: 'Permission', id: current }]));
      },
      onPermissions: (event) => {
        const current = store.getState().campaign.selectedCampaignId;
        for (const entry of event.data ?? []) {
          if (current !== null && entry.campaign_id === current) {
            dispatch(updateCampaignPermissions({ campaign_id: entry.campaign_id, resource_names: entry.resource_names ?? [] }));
          }
        }
      },
      onCampaignRemoved: (event) => {
        const current = store.getState().campaign.selectedCampaignId;
        if (current !== null && event.campaign_id === current) {
          notify.info(t('access.removed'));
          dispatch(clearCampaign());
        }
        dispatch(api.util.invalidateTags(['Campaign']));
      },
    }).catch((err: unknown) => {
      console.error('Could not connect the permission socket', err);
      return null;
    });
    return () => void connecting.then((stop) => stop?.());
  }, [dispatch, store, t, userId]);
}
