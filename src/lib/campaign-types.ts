/** Campaign shapes shared by the campaign slice, layouts and pages (SPEC §3). */

export type PackageStatus = 'ACTIVE' | 'INACTIVE';

export interface CampaignSummary {
  campaign_id: number | string;
  campaign_name: string;
  slug?: string;
  /** The public donation page as the server makes it (PUBLIC_URL + slug). */
  public_url?: string;
  role?: string;
  package_status?: PackageStatus;
  purchase_date?: string | null;
  total_purchased_year?: number | null;
  is_popup_shown?: 0 | 1;
  role_name?: string;
  /** pending (awaiting activation) → active → archived; only active ones are in the header list. */
  status?: 'pending' | 'active' | 'archived';
  expires_at?: string | null;
}

export interface CampaignOption {
  label: string;
  value: CampaignSummary['campaign_id'];
}

export interface TimeRemaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}
