/** Reference data for the campaign form: offices sought, election cycles, states. */
import type { FastifyInstance } from 'fastify';
import type { ElectionCycleItem } from '../../../domain/campaign';
import { campaignNotFound } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { findMemberAccess } from '../rbac/access-repository';
import { listElectionCycles, listElectionCyclesForOffice, officeExists } from './reference-repository';
import { findCampaignById } from './repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The cycles with an election for an office. `id` is an office value ('mayor'), or the id of a
 * campaign the caller belongs to (its office; every cycle when it has none yet).
 */
export async function electionCyclesFor(app: FastifyInstance, auth: AuthUser, id: string): Promise<ElectionCycleItem[]> {
  if (UUID_PATTERN.test(id)) {
    const campaignId = id.toLowerCase();
    if (!auth.isPlatformAdmin && !(await findMemberAccess(app.db, campaignId, auth.id))) throw campaignNotFound();
    const campaign = await findCampaignById(app.db, campaignId);
    if (!campaign) throw campaignNotFound();
    return campaign.officeSought ? listElectionCyclesForOffice(app.db, campaign.officeSought) : listElectionCycles(app.db);
  }
  if (!(await officeExists(app.db, id))) throw fail(404, 'NOT_FOUND');
  return listElectionCyclesForOffice(app.db, id);
}
