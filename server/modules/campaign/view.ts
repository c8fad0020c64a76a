/** Campaign rows ↔ the wire shapes of domain/campaign.ts. */
import type { CampaignFields, CampaignListItem, CampaignPackageView, CampaignStatus, CampaignView, ParticipantStatus, Party } from '../../../domain/campaign';
import { packageExpiry } from '../../../domain/package-expiry';
import { isSystemRoleKey, SYSTEM_ROLES, type ResourceName } from '../../../domain/permissions';
import type { CampaignPatch, CampaignRow } from './repository';

/** Wire field → column of every editable field. */
export const FIELD_COLUMNS = {
  campaign_name: 'campaignName',
  slug: 'slug',
  office_sought: 'officeSought',
  district: 'district',
  party: 'party',
  election_cycle: 'electionCycle',
  compliance_rule_set: 'complianceRuleSet',
  participant_status: 'participantStatus',
  custom_limit_individual_cents: 'customLimitIndividualCents',
  custom_limit_organization_cents: 'customLimitOrganizationCents',
  committee_name: 'committeeName',
  committee_id: 'committeeId',
  cfb_candidate_id: 'cfbCandidateId',
  cfb_committee_id: 'cfbCommitteeId',
  treasurer_name: 'treasurerName',
  treasurer_email: 'treasurerEmail',
  treasurer_phone: 'treasurerPhone',
  address: 'address',
  apt_unit: 'aptUnit',
  city: 'city',
  state: 'state',
  zip: 'zip',
  logo: 'logo',
} as const satisfies Record<keyof CampaignFields, keyof CampaignRow>;

export type FieldName = keyof typeof FIELD_COLUMNS;
export const FIELD_NAMES = Object.keys(FIELD_COLUMNS) as FieldName[];

/** Trimmed text; '' → null. Numbers and null pass through. E-mails are lower-cased. */
function clean(field: FieldName, value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return field === 'treasurer_email' ? trimmed.toLowerCase() : trimmed;
}

/** The fields present in a (validated) body as a row patch. */
export function toPatch(body: Partial<Record<FieldName, unknown>>): CampaignPatch {
  const patch: Record<string, unknown> = {};
  for (const field of FIELD_NAMES) {
    if (body[field] !== undefined) patch[FIELD_COLUMNS[field]] = clean(field, body[field]);
  }
  return patch as CampaignPatch;
}

/** The editable fields of a row, as the wire has them. */
export function fieldsOf(row: CampaignRow): Record<FieldName, unknown> {
  const fields = {} as Record<FieldName, unknown>;
  for (const field of FIELD_NAMES) fields[field] = row[FIELD_COLUMNS[field]];
  return fields;
}

/** Package state: ACTIVE only while purchase_date + 12 h + total_purchased_year years is ahead. */
export function packageView(row: CampaignRow, now: Date): CampaignPackageView {
  const expiry = packageExpiry(row.purchaseDate, row.totalPurchasedYear);
  const active = row.packageStatus === 'ACTIVE' && expiry !== null && expiry.getTime() > now.getTime();
  return {
    package_status: active ? 'ACTIVE' : 'INACTIVE',
    purchase_date: row.purchaseDate?.toISOString() ?? null,
    total_purchased_year: row.totalPurchasedYear,
    is_popup_shown: row.isPopupShown === 1 ? 1 : 0,
    expires_at: expiry?.toISOString() ?? null,
  };
}

export function roleName(role: string, customRoleName: string | null): string {
  if (isSystemRoleKey(role)) return SYSTEM_ROLES[role].name;
  return customRoleName ?? role;
}

export function toListItem(row: CampaignRow, role: string, customRoleName: string | null, now: Date, origin: string): CampaignListItem {
  return {
    campaign_id: row.id,
    campaign_name: row.campaignName,
    slug: row.slug,
    public_url: `${origin}/${row.slug}`,
    role,
    role_name: roleName(role, customRoleName),
    status: row.status as CampaignStatus,
    ...packageView(row, now),
  };
}

export function toCampaignView(row: CampaignRow, viewer: { role: string | null; resourceNames: ResourceName[] }, now: Date, origin: string): CampaignView {
  const fields = fieldsOf(row);
  return {
    campaign_id: row.id,
    ...(fields as Omit<CampaignView, 'campaign_id'>),
    party: row.party as Party | null,
    participant_status: row.participantStatus as ParticipantStatus | null,
    status: row.status as CampaignStatus,
    public_url: `${origin}/${row.slug}`,
    role: viewer.role,
    resource_names: viewer.resourceNames,
    created_at: row.createdAt.toISOString(),
    activated_at: row.activatedAt?.toISOString() ?? null,
    ...packageView(row, now),
  };
}
