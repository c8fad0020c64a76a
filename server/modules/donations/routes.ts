import type { FastifyInstance } from 'fastify';
import { DONOR_BOOK_PATHS as P } from '../../../domain/donor-book/api-contract';
import {
  addDonationRequestSchema,
  donationListQuerySchema,
  donationParamsSchema,
  refundDonationRequestSchema,
  updateDonationRequestSchema,
} from '../../../domain/validation/donors';
import { isoDay } from '../../../domain/dates';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { requestKeyOf } from '../../plugins/request-key';
import { sendSuccess, success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { addDonation, deleteDonation, listDonationPage, refundDonation, updateDonation } from './service';

const writeBody = { config: { access: { campaign: 'donation.write', from: 'body.campaign_id' } } } as const;

/** Donations: /donation/… add, update, refund, delete, list. */
export async function donationRoutes(app: FastifyInstance): Promise<void> {
  /** Dates are checked against the app clock's day (tests move it). */
  const today = () => ({ today: isoDay(app.clock.now()) });

  app.post(P.addDonation, writeBody, async (request, reply) => {
    const body = await validateBody(addDonationRequestSchema, request.body, today());
    const key = requestKeyOf(request, 'add_donation', body);
    return reply.code(201).send(success(await addDonation(app, currentCampaign(request), currentUser(request), body, key), 'DONATION_ADDED'));
  });

  app.post(P.updateDonation, writeBody, async (request) => {
    const body = await validateBody(updateDonationRequestSchema, request.body, today());
    return success(await updateDonation(app, currentCampaign(request), currentUser(request), body.donation_id.toLowerCase(), body), 'DONATION_UPDATED');
  });

  app.post(P.refundDonation, writeBody, async (request) => {
    const body = await validateBody(refundDonationRequestSchema, request.body, today());
    const key = requestKeyOf(request, 'refund_donation', body);
    return success(await refundDonation(app, currentCampaign(request), currentUser(request), body, key), 'DONATION_REFUNDED');
  });

  app.delete(P.deleteDonation, { config: { access: { campaign: 'donation.write', from: 'params.campaignId' } } }, async (request) => {
    const { donationId } = await validateParams(donationParamsSchema, request.params);
    return success(await deleteDonation(app, currentCampaign(request), currentUser(request), donationId.toLowerCase()), 'DONATION_DELETED');
  });

  app.get(P.listDonation, { config: { access: { campaign: 'donation.read', from: 'params.campaignId' } } }, async (request, reply) => {
    const query = await validateQuery(donationListQuerySchema, request.query);
    return sendSuccess(reply, await listDonationPage(app, currentCampaign(request), query));
  });
}
