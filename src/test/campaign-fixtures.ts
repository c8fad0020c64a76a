import type { CampaignListItem } from '../../domain/campaign';
import { RESOURCE_NAMES, SYSTEM_ROLES } from '../../domain/permissions';

export const CAMPAIGN_A = 'c0000000-0000-4000-8000-00000000000a';
export const CAMPAIGN_B = 'c0000000-0000-4000-8000-00000000000b';
export const CAMPAIGN_P = 'c0000000-0000-4000-8000-00000000000c';

export function campaignItem(overrides: Partial<CampaignListItem> = {}): CampaignListItem {
  return {
    campaign_id: CAMPAIGN_A,
    campaign_name: 'Friends of Demo',
    slug: 'demo-campaign',
    public_url: 'https://give.example.org/demo-campaign',
    role: 'owner',
    role_name: 'Owner',
    status: 'active',
    package_status: 'ACTIVE',
    purchase_date: '2020-01-01T00:00:00.000Z',
    total_purchased_year: 100,
    is_popup_shown: 0,
    expires_at: null,
    ...overrides,
  };
}

export const ALL_RESOURCES = [...RESOURCE_NAMES];
export const STAFF_RESOURCES = [...SYSTEM_ROLES.staff.resource_names];
