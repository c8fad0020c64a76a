/**
 * Campaign enumerations, API paths and the request/response shapes of the campaign, team, roles,
 * package and RBAC API (SPEC §3, §7; ARCHITECTURE §4/§5), shared by the SPA and the server.
 * Pure TypeScript: no React, no Node.
 */
import type { ResourceName } from './permissions';

// ── enumerations ────────────────────────────────────────────────────────────────────────────

/** pending (registered, awaiting activation by a platform administrator) → active → archived. */
export const CAMPAIGN_STATUSES = ['pending', 'active', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const PACKAGE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** SPEC §3 parties. */
export const PARTIES = ['Democratic', 'Republican', 'Conservative', 'Liberal'] as const;
export type Party = (typeof PARTIES)[number];

/** NYC Campaign Finance Board, New York State public campaign finance, or limits typed in. */
export const COMPLIANCE_RULE_SETS = ['nyc_cfb', 'nys_pcf', 'custom'] as const;
export type ComplianceRuleSet = (typeof COMPLIANCE_RULE_SETS)[number];
export const COMPLIANCE_RULE_SET_LABELS: Readonly<Record<ComplianceRuleSet, string>> = {
  nyc_cfb: 'NYC Campaign Finance Board',
  nys_pcf: 'New York State public campaign finance',
  custom: 'Custom limits',
};

/** Whether the campaign takes part in the public matching-funds program of its rule set. */
export const PARTICIPANT_STATUSES = ['participant', 'non_participant'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** Rule sets with a public matching program need a participant status; custom needs limits. */
export function needsParticipantStatus(ruleSet: unknown): boolean {
  return ruleSet === 'nyc_cfb' || ruleSet === 'nys_pcf';
}

// ── paths ───────────────────────────────────────────────────────────────────────────────────

const enc = encodeURIComponent;
export const CAMPAIGN_PATHS = {
  createCampaign: '/campaign/create_campaign',
  updateCampaign: '/campaign/update_campaign',
  listCampaign: (userId: string) => `/campaign/list_campaign/${enc(userId)}`,
  getCampaign: (id: string) => `/campaign/get_campaign/${enc(id)}`,
  getCampaignBySlug: (slug: string) => `/campaign/get_campaign_by_slug/${enc(slug)}`,
  checkSlug: (slug: string) => `/campaign/check_slug/${enc(slug)}`,
  approveCampaign: (id: string) => `/campaign/approve_campaign/${enc(id)}`,
  archiveCampaign: '/campaign/archive_campaign',
  restoreCampaign: '/campaign/restore_campaign',
  uploadLogo: (campaignId: string) => `/campaign/upload_logo/${enc(campaignId)}`,
  adminListPending: '/campaign/admin/list_pending',
  listOfficeSought: '/campaign/list_office_sought',
  listElectionCycle: (officeOrCampaignId: string) => `/campaign/list_election_cycle/${enc(officeOrCampaignId)}`,
  listState: '/campaign/list_state',
  updatePopupInfo: '/campaign/update-popup-info',
  updateNotifyStatus: '/campaign/update-notify-status',
  packagePrice: (years: number | string) => `/campaign/package/package-price/${enc(String(years))}`,
  listPackageByYear: (campaignId: string) => `/campaign/package/list-package-by-year/${enc(campaignId)}`,
  grantPackage: '/campaign/package/grant_package',
  listMember: (campaignId: string) => `/campaign/members/list_member/${enc(campaignId)}`,
  listInvitation: (campaignId: string) => `/campaign/members/list_invitation/${enc(campaignId)}`,
  inviteMember: '/campaign/members/invite_member',
  acceptInvitation: '/campaign/members/accept_invitation',
  revokeInvitation: (campaignId: string, invitationId: string) => `/campaign/members/revoke_invitation/${enc(campaignId)}/${enc(invitationId)}`,
  updateMemberRole: '/campaign/members/update_member_role',
  removeMember: (campaignId: string, userId: string) => `/campaign/members/remove_member/${enc(campaignId)}/${enc(userId)}`,
  listRole: (campaignId: string) => `/campaign/roles/list_role/${enc(campaignId)}`,
  listResource: '/campaign/roles/list_resource',
  addRole: '/campaign/roles/add_role',
  updateRole: '/campaign/roles/update_role',
  deleteRole: (campaignId: string, roleKey: string) => `/campaign/roles/delete_role/${enc(campaignId)}/${enc(roleKey)}`,
  listAudit: (campaignId: string) => `/campaign/audit/list_audit/${enc(campaignId)}`,
  permittedResources: (userId: string) => `/rbac/get-permitted-resources/${enc(userId)}`,
  roleAccess: (campaignId: string) => `/rbac/role-access/${enc(campaignId)}`,
  userChannel: (userId: string) => `/channel/user/${enc(userId)}`,
} as const;

// ── campaigns ───────────────────────────────────────────────────────────────────────────────

/** The editable fields (create_campaign body; update_campaign takes any subset plus campaign_id). */
export interface CampaignFields {
  campaign_name: string;
  slug: string;
  office_sought: string;
  district?: string | null;
  party?: Party | '' | null;
  election_cycle: string;
  compliance_rule_set: ComplianceRuleSet;
  /** Required for nyc_cfb and nys_pcf. */
  participant_status?: ParticipantStatus | '' | null;
  /** Integer cents per contributor per election; required for custom. */
  custom_limit_individual_cents?: number | null;
  custom_limit_organization_cents?: number | null;
  committee_name?: string | null;
  committee_id?: string | null;
  /** NYC CFB Candidate ID (C-Access Campaign Profile; C-SMART import column B, at most 4 letters or digits). */
  cfb_candidate_id?: string | null;
  /** NYC CFB Committee ID (C-SMART import column D, one letter or digit). */
  cfb_committee_id?: string | null;
  treasurer_name?: string | null;
  treasurer_email?: string | null;
  treasurer_phone?: string | null;
  address?: string | null;
  apt_unit?: string | null;
  city?: string | null;
  /** A states value (snake_case). */
  state?: string | null;
  zip?: string | null;
  /**
   * A storage key (served at /files/<key>) made by POST upload_logo for this campaign (under
   * campaignLogoPrefix(campaign id)); null removes the logo. Not accepted by create_campaign.
   */
  logo?: string | null;
}

export type CreateCampaignRequest = CampaignFields;
export type UpdateCampaignRequest = Partial<CampaignFields> & { campaign_id: string };

/** POST archive_campaign / restore_campaign (owners only): active ⇄ archived. */
export interface ArchiveCampaignRequest {
  campaign_id: string;
}

/** Logos are stored under `campaign-logos/<campaign id>/` (POST upload_logo/{campaignId}, multipart field "file"). */
export const CAMPAIGN_LOGO_FOLDER = 'campaign-logos';
export function campaignLogoPrefix(campaignId: string): string {
  return `${CAMPAIGN_LOGO_FOLDER}/${campaignId.toLowerCase()}/`;
}

/** Package fields as the header, sidebar card and modals read them. */
export interface CampaignPackageView {
  /** Derived: ACTIVE only while purchase_date + 12 h + total_purchased_year years is in the future. */
  package_status: PackageStatus;
  purchase_date: string | null;
  total_purchased_year: number;
  is_popup_shown: 0 | 1;
  /** ISO instant, or null without a purchase. */
  expires_at: string | null;
}

/** GET list_campaign/{userId} rows. */
export interface CampaignListItem extends CampaignPackageView {
  campaign_id: string;
  campaign_name: string;
  slug: string;
  /** The caller's role key in the campaign. */
  role: string;
  role_name: string;
  status: CampaignStatus;
  /** The public donation page: the server's PUBLIC_URL + '/' + slug (the one address e-mails use too). */
  public_url: string;
}
export interface CampaignListData {
  campaign_list: CampaignListItem[];
  total: number;
  page: number;
  limit: number;
}

/** create_campaign, update_campaign, get_campaign/{id}. */
export interface CampaignView extends Required<Omit<CampaignFields, 'party' | 'participant_status'>>, CampaignPackageView {
  campaign_id: string;
  party: Party | null;
  participant_status: ParticipantStatus | null;
  status: CampaignStatus;
  /** Web base + slug. */
  public_url: string;
  /** The caller's role and permissions in the campaign (null for a platform administrator's view). */
  role: string | null;
  resource_names: ResourceName[];
  created_at: string;
  activated_at: string | null;
}

/** GET check_slug/{slug}?campaign_id= (the live check while typing). */
export interface SlugCheckData {
  slug: string;
  available: boolean;
  /** Why not: 'invalid' (format or reserved word) or 'taken'. */
  reason: 'invalid' | 'taken' | null;
  /** A free slug close to the one asked for. */
  suggestion: string | null;
}

/** GET admin/list_pending rows (platform administrator). */
export interface PendingCampaignItem {
  campaign_id: string;
  campaign_name: string;
  slug: string;
  office_sought: string | null;
  election_cycle: string | null;
  committee_name: string | null;
  created_at: string;
  created_by: { user_id: string; name: string; email: string | null } | null;
}
export interface PendingCampaignListData {
  campaign_list: PendingCampaignItem[];
  total: number;
  page: number;
  limit: number;
}

export interface OfficeSoughtItem {
  value: string;
  label: string;
}
export interface ElectionCycleItem {
  value: string;
  label: string;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string;
}
export interface StateItem {
  value: string;
  label: string;
}

/** POST update-popup-info / PUT update-notify-status. */
export interface UpdateNotifyStatusRequest {
  campaign_id: string;
  is_popup_shown: 0 | 1;
}

// ── packages ────────────────────────────────────────────────────────────────────────────────

export interface PackagePriceItem {
  package_id: string;
  years: number;
  label: string;
  price_cents: number;
  currency: 'USD';
}
export interface PackageListData extends CampaignPackageView {
  campaign_id: string;
  package_list: PackagePriceItem[];
}
/** POST package/grant_package (platform administrator, until online purchase exists). */
export interface GrantPackageRequest {
  campaign_id: string;
  years: number;
}

// ── team ────────────────────────────────────────────────────────────────────────────────────

export interface MemberItem {
  user_id: string;
  name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  profile_picture: string | null;
  role: string;
  role_name: string;
  joined_at: string;
}
export interface MemberListData {
  member_list: MemberItem[];
  total: number;
  page: number;
  limit: number;
}
export interface InvitationItem {
  invitation_id: string;
  email: string;
  role: string;
  role_name: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
}
export interface InvitationListData {
  invitation_list: InvitationItem[];
  total: number;
  page: number;
  limit: number;
}
export interface InviteMemberRequest {
  campaign_id: string;
  email: string;
  role: string;
}
export interface AcceptInvitationRequest {
  token: string;
}
export interface AcceptInvitationData {
  campaign_id: string;
  campaign_name: string;
  role: string;
}
export interface UpdateMemberRoleRequest {
  campaign_id: string;
  user_id: string;
  role: string;
}

// ── roles ───────────────────────────────────────────────────────────────────────────────────

export interface RoleItem {
  role_key: string;
  name: string;
  resource_names: ResourceName[];
  is_system: boolean;
  member_count: number;
}
/** System roles first (owner, manager, staff), then custom roles by name. */
export interface RoleListData {
  role_list: RoleItem[];
  total: number;
}
export interface AddRoleRequest {
  campaign_id: string;
  name: string;
  /** Optional: suggested from the name when missing. */
  role_key?: string;
  resource_names: ResourceName[];
}
export interface UpdateRoleRequest {
  campaign_id: string;
  role_key: string;
  name: string;
  resource_names: ResourceName[];
}

export interface AuditItem {
  audit_id: string;
  action: string;
  actor: { user_id: string; name: string } | null;
  target_user_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
}
export interface AuditListData {
  audit_list: AuditItem[];
  total: number;
  page: number;
  limit: number;
}

// ── permissions and live updates ───────────────────────────────────────────────────────────

/** GET /rbac/* answers and the socket 'permissions' event: `{ data: CampaignPermission[] }`. */
export interface CampaignPermission {
  campaign_id: string;
  /** An empty list means no permissions. */
  resource_names: ResourceName[];
}

/** socket.io events sent to room `user:<id>`. */
export const SOCKET_EVENTS = {
  permissions: 'permissions',
  campaignRemoved: 'campaign-removed',
} as const;
export const SOCKET_PATH = '/socket.io';

export interface PermissionsEvent {
  data: CampaignPermission[];
}
export interface CampaignRemovedEvent {
  campaign_id: string;
}

/** GET /channel/user/{id}: how to join the live-permission channel. */
export interface UserChannelData {
  channel: string;
  event: typeof SOCKET_EVENTS.permissions;
  path: typeof SOCKET_PATH;
}
