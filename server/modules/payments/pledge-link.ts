/**
 * /pay-your-donation: what a pledge link (pledge-link-token.ts) shows, and the pledge it lets a donor
 * pay. Anyone holding the link may pay towards that pledge (up to what remains); it reveals only the
 * campaign, the donor's name and the pledge's figures.
 */
import type { FastifyInstance } from 'fastify';
import type { PledgeDonorDetails, PledgeLinkView } from '../../../domain/payments/api-contract';
import { formatPhone } from '../../../domain/phone';
import { fail } from '../../plugins/errors';
import { findCampaignById } from '../campaign/repository';
import { findDonor, type DonorRecord } from '../donors/donor-repository';
import { findPledge, type PledgeWithDonor } from '../pledges/pledge-repository';
import { findGivingPage } from './gateway-repository';
import { campaignNotices } from './giving-notices';
import { givingOf, givingState } from './giving-service';
import { verifyPledgeLinkToken } from './pledge-link-token';

/** The pledge a token names (checked against `campaignId` when given); 400 PAYMENT_LINK_INVALID otherwise. */
export async function readPledgeLink(
  app: FastifyInstance,
  token: string,
  campaignId?: string,
): Promise<{ campaignId: string; pledgeId: string; donorId: string; found: PledgeWithDonor }> {
  const named = await verifyPledgeLinkToken(app, token);
  if (!named) throw fail(400, 'PAYMENT_LINK_INVALID');
  const { cid, pid } = named;
  if (!cid || !pid || (campaignId && cid !== campaignId)) throw fail(400, 'PAYMENT_LINK_INVALID');
  const found = await findPledge(app.db, cid, pid);
  if (!found || found.pledge.writtenOffAt) throw fail(400, 'PAYMENT_LINK_INVALID');
  return { campaignId: cid, pledgeId: pid, donorId: found.pledge.donorId, found };
}

/** The donor's details as the giving form's fields ('' where nothing is held). */
function prefillOf(donor: DonorRecord | null, name: string): PledgeDonorDetails {
  return {
    name: donor?.name ?? name,
    email: donor?.donorEmail ?? '',
    phone: formatPhone(donor?.donorPhone),
    address: donor?.address ?? '',
    apt_unit: donor?.aptUnit ?? '',
    city: donor?.city ?? '',
    country: donor?.country ?? 'US',
    state: donor?.state ?? '',
    zip: donor?.zip ?? '',
    employer: donor?.employer ?? '',
    occupation: donor?.occupation ?? '',
  };
}

export async function pledgeLinkView(app: FastifyInstance, token: string): Promise<PledgeLinkView> {
  const { campaignId, donorId, found } = await readPledgeLink(app, token);
  const campaign = await findCampaignById(app.db, campaignId);
  if (!campaign) throw fail(400, 'PAYMENT_LINK_INVALID');
  const [state, donor, page] = await Promise.all([givingState(app, campaign), findDonor(app.db, campaignId, donorId), findGivingPage(app.db, campaignId)]);
  const { notices } = await campaignNotices(app.db, campaign, page);
  const p = found.pledge;
  return {
    slug: campaign.slug,
    campaign_name: campaign.campaignName,
    logo: campaign.logo,
    donor_name: found.donorName,
    pledge_id: p.id,
    committed_cents: p.commitmentAmountCents,
    paid_cents: p.paidCents,
    remaining_cents: Math.max(0, p.commitmentAmountCents - p.paidCents),
    commitment_date: p.commitmentDate,
    giving: givingOf(state),
    donor: prefillOf(donor, found.donorName),
    notices,
  };
}
