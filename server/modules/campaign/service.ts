/**
 * Campaigns: register (the creator becomes owner; pending until a platform administrator activates
 * it), edit (the slug is frozen once active), read, the caller's list, the popup flag.
 */
import type { FastifyInstance } from 'fastify';
import type { CampaignListData, CampaignView } from '../../../domain/campaign';
import { SYSTEM_ROLES } from '../../../domain/permissions';
import { CAMPAIGN_VALIDATION_MESSAGES as M, campaignFormSchema } from '../../../domain/validation/campaign';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import type { CampaignContext } from '../../plugins/access';
import { campaignNotFound } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { validateBody } from '../../plugins/validate';
import { insertAudit } from './audit-repository';
import { checkLogoKey } from './logo-service';
import { insertMember } from './members-repository';
import { cycleAppliesToOffice, electionCycleExists, officeExists, stateExists } from './reference-repository';
import { findCampaignById, findCampaignBySlug, insertCampaign, listCampaignsOfUser, updateCampaign, type CampaignPatch } from './repository';
import { FIELD_NAMES, fieldsOf, toCampaignView, toListItem, toPatch, type FieldName } from './view';

/** What the public donation page at /{slug} needs, and nothing more. */
export interface PublicCampaign {
  campaign_id: string;
  campaign_name: string;
  slug: string;
  committee_name: string | null;
  office_sought: string | null;
  district: string | null;
  party: string | null;
  election_cycle: string | null;
  compliance_rule_set: string;
  /** Storage key of the logo (served at /files/<key>), or null. */
  logo: string | null;
}

/** The campaign behind a public donation page; only active campaigns are visible. */
export async function getPublicCampaignBySlug(app: FastifyInstance, slug: string): Promise<PublicCampaign> {
  const campaign = await findCampaignBySlug(app.db, slug.toLowerCase());
  if (!campaign || campaign.status !== 'active') throw campaignNotFound();
  return {
    campaign_id: campaign.id,
    campaign_name: campaign.campaignName,
    slug: campaign.slug,
    committee_name: campaign.committeeName,
    office_sought: campaign.officeSought,
    district: campaign.district,
    party: campaign.party,
    election_cycle: campaign.electionCycle,
    compliance_rule_set: campaign.complianceRuleSet,
    logo: campaign.logo,
  };
}

/** Office, cycle (one with an election for that office) and state must exist in the reference data. */
async function checkReferences(db: Executor, office: string | null, cycle: string | null, state: string | null): Promise<void> {
  const fields: Record<string, string> = {};
  if (office && !(await officeExists(db, office))) fields.office_sought = M.OFFICE_INVALID;
  if (cycle && !(await electionCycleExists(db, cycle))) fields.election_cycle = M.ELECTION_CYCLE_INVALID;
  else if (office && cycle && !fields.office_sought && !(await cycleAppliesToOffice(db, office, cycle))) fields.election_cycle = M.ELECTION_CYCLE_NOT_FOR_OFFICE;
  if (state && !(await stateExists(db, state))) fields.state = M.STATE_INVALID;
  if (Object.keys(fields).length > 0) throw fail(400, 'VALIDATION_ERROR', { in: 'body', fields });
}

/** Only the fields of the chosen rule set are kept (participant status or custom limits). */
function dropOtherRuleSetFields(patch: CampaignPatch, ruleSet: string): CampaignPatch {
  if (ruleSet === 'custom') return { ...patch, participantStatus: null };
  return { ...patch, customLimitIndividualCents: null, customLimitOrganizationCents: null };
}

function slugConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw fail(409, 'SLUG_TAKEN');
  throw error;
}

export async function createCampaign(app: FastifyInstance, auth: AuthUser, body: Partial<Record<FieldName, unknown>>, origin: string): Promise<CampaignView> {
  const now = app.clock.now();
  const patch = dropOtherRuleSetFields(toPatch(body), String(body.compliance_rule_set));
  checkLogoKey(null, patch.logo);
  await checkReferences(app.db, patch.officeSought ?? null, patch.electionCycle ?? null, patch.state ?? null);
  const row = await app.db
    .transaction(async (tx) => {
      const campaign = await insertCampaign(tx, {
        ...patch,
        slug: patch.slug!,
        campaignName: patch.campaignName!,
        status: 'pending',
        packageStatus: 'INACTIVE',
        createdBy: auth.id,
        createdAt: now,
        updatedAt: now,
      });
      await insertMember(tx, { campaignId: campaign.id, userId: auth.id, role: 'owner', createdAt: now, updatedAt: now });
      await insertAudit(tx, { campaignId: campaign.id, actorId: auth.id, action: 'campaign.created', targetUserId: auth.id, details: { slug: campaign.slug } }, now);
      return campaign;
    })
    .catch(slugConflict);
  app.log.info({ campaignId: row.id, userId: auth.id }, 'campaign created');
  return toCampaignView(row, { role: 'owner', resourceNames: [...SYSTEM_ROLES.owner.resource_names] }, now, origin);
}

/** update_campaign: any subset of the fields; the merged record must be valid as a whole. */
export async function updateCampaignFields(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: Partial<Record<FieldName, unknown>>, origin: string): Promise<CampaignView> {
  const existing = await findCampaignById(app.db, ctx.id);
  if (!existing) throw campaignNotFound();
  const given: Partial<Record<FieldName, unknown>> = {};
  for (const field of FIELD_NAMES) if (body[field] !== undefined) given[field] = body[field];
  if (given.slug !== undefined && given.slug !== existing.slug && existing.status !== 'pending') throw fail(409, 'SLUG_FROZEN');

  // The conditional rules (participant status, custom limits) apply to the record as a whole.
  const merged: Record<string, unknown> = { ...fieldsOf(existing), ...given };
  await validateBody(campaignFormSchema, Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, v === null ? undefined : v])));

  const patch = dropOtherRuleSetFields(toPatch(given), String(merged.compliance_rule_set));
  checkLogoKey(ctx.id, patch.logo);
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  await checkReferences(app.db, text(merged.office_sought), text(merged.election_cycle), text(merged.state));

  const now = app.clock.now();
  const row = await updateCampaign(app.db, ctx.id, patch, now).catch(slugConflict);
  if (!row) throw campaignNotFound();
  app.log.info({ campaignId: row.id, userId: auth.id, fields: Object.keys(given) }, 'campaign updated');
  return toCampaignView(row, { role: ctx.role, resourceNames: ctx.resourceNames }, now, origin);
}

export async function getCampaign(app: FastifyInstance, ctx: CampaignContext, origin: string): Promise<CampaignView> {
  const row = await findCampaignById(app.db, ctx.id);
  if (!row) throw campaignNotFound();
  return toCampaignView(row, { role: ctx.role, resourceNames: ctx.resourceNames }, app.clock.now(), origin);
}

/** The caller's own campaigns (self only). */
export async function listCampaignsForUser(
  app: FastifyInstance,
  auth: AuthUser,
  userId: string,
  filter: { page: number; limit: number; search?: string },
  origin: string,
): Promise<CampaignListData> {
  if (userId.toLowerCase() !== auth.id) throw fail(403, 'FORBIDDEN');
  const { rows, total } = await listCampaignsOfUser(app.db, auth.id, filter);
  const now = app.clock.now();
  return { campaign_list: rows.map((r) => toListItem(r.campaign, r.role, r.customRoleName, now, origin)), total, page: filter.page, limit: filter.limit };
}

/** update-popup-info / update-notify-status: the expiry popup was shown (1) or should show again (0). */
export async function setPopupShown(app: FastifyInstance, ctx: CampaignContext, flag: 0 | 1): Promise<{ campaign_id: string; is_popup_shown: 0 | 1 }> {
  const row = await updateCampaign(app.db, ctx.id, { isPopupShown: flag }, app.clock.now());
  if (!row) throw campaignNotFound();
  return { campaign_id: row.id, is_popup_shown: row.isPopupShown === 1 ? 1 : 0 };
}
