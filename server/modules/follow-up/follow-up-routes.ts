import type { FastifyInstance } from 'fastify';
import { DONOR_BOOK_PATHS as P } from '../../../domain/donor-book/api-contract';
import { addFollowUpCallRequestSchema, donorParamsSchema, followUpCallListQuerySchema, followUpListQuerySchema, sendNotificationRequestSchema } from '../../../domain/validation/donors';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { linkOrigin } from '../../plugins/link-origin';
import { success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { addFollowUpCall, followUpList, listFollowUpCalls, nextPaymentOf, sendReminder } from './follow-up-service';

const read = { config: { access: { campaign: 'follow_up.read', from: 'params.campaignId' } } } as const;

/** Follow-up calls and reminders: /donation/donor/follow_up_list … */
export async function followUpRoutes(app: FastifyInstance): Promise<void> {
  app.get(P.followUpList, read, async (request) => {
    const query = await validateQuery(followUpListQuerySchema, request.query);
    return success(await followUpList(app, currentCampaign(request), query));
  });

  app.post(P.addFollowUpCall, { config: { access: { campaign: 'follow_up.write', from: 'body.campaign_id' } } }, async (request, reply) => {
    const body = await validateBody(addFollowUpCallRequestSchema, request.body);
    return reply.code(201).send(success(await addFollowUpCall(app, currentCampaign(request), currentUser(request), body), 'CALL_LOGGED'));
  });

  app.get(P.listFollowUpCall, read, async (request) => {
    const query = await validateQuery(followUpCallListQuerySchema, request.query);
    return success(await listFollowUpCalls(app, currentCampaign(request), query));
  });

  app.post(P.sendNotification, { config: { access: { campaign: 'follow_up.write', from: 'params.campaignId' } } }, async (request, reply) => {
    const body = await validateBody(sendNotificationRequestSchema, request.body);
    return reply.code(201).send(success(await sendReminder(app, currentCampaign(request), currentUser(request), body, linkOrigin(request)), 'REMINDER_SENT'));
  });
  // SPEC §7 names send_notification/{id} as a GET: the same reminder with its fields in the query. It
  // needs the bearer token (no link prefetch can send one), and an archived campaign stays read-only.
  app.get(P.sendNotification, { config: { access: { campaign: 'follow_up.write', from: 'params.campaignId' } } }, async (request, reply) => {
    const ctx = currentCampaign(request);
    if (ctx.status === 'archived') throw fail(409, 'CAMPAIGN_ARCHIVED');
    const query = await validateQuery(sendNotificationRequestSchema, request.query);
    return reply.code(201).send(success(await sendReminder(app, ctx, currentUser(request), query, linkOrigin(request)), 'REMINDER_SENT'));
  });

  app.get(P.nextPaymentDate, read, async (request) => {
    const { donorId } = await validateParams(donorParamsSchema, request.params);
    return success(await nextPaymentOf(app, currentCampaign(request), donorId.toLowerCase()));
  });
}
