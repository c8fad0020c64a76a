import type { ResourceName } from '../../domain/permissions';
import { useAppSelector } from './hooks';
import type { RootState } from './store';

/** The resource names of the selected campaign, or null while unknown (nothing selected or not loaded yet). */
export function selectCurrentResources(state: RootState): readonly string[] | null {
  const id = state.campaign.selectedCampaignId;
  if (id === null) return null;
  return state.permission.list.find((p) => p.campaign_id === id)?.resource_names ?? null;
}

/** Whether the signed-in user holds `resource` in the selected campaign (the server decides; this only hides). */
export function useCan(resource: ResourceName): boolean {
  return useAppSelector((state) => selectCurrentResources(state)?.includes(resource) ?? false);
}
