import { useAppSelector } from '../app/hooks';
import { selectSelectedCampaignId, selectSelectedCampaignName } from '../app/campaign-selectors';

/** The selected campaign's id ('' when none: the route gate shows 'Please select a campaign first'). */
export function useCampaignId(): string {
  const id = useAppSelector(selectSelectedCampaignId);
  return id === null ? '' : String(id);
}

export function useCampaignName(): string {
  return useAppSelector(selectSelectedCampaignName);
}
