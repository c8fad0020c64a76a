/**
 * POST /payment/webhook/paypal. The body is read as raw bytes (its own JSON parser, in a scope of its
 * own), the signature checked over them before anything else, then the event is kept and its job
 * queued in one transaction. The answer waits a little (ANSWER_WAIT_MS at most) for the job:
 *   200 { outcome }   applied (or ignored), now or before (a redelivery: 'duplicate')
 *   202 { outcome: 'queued' }   kept, not applied yet (a slow database): the job applies it
 *   503 WEBHOOK_EVENT_WAITING   kept but cannot be applied yet (its payment is not recorded yet):
 *                     PayPal retries, and so does the job
 *   400 WEBHOOK_SIGNATURE_INVALID / BAD_REQUEST   not a genuine recent delivery / not an event
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAYMENT_PATHS as P } from '../../../domain/payments/api-contract';
import { fail } from '../../plugins/errors';
import { success } from '../../plugins/respond';
import { eventState, reopenEvent, storeEvent, type EventState } from './webhook-repository';
import { webhookJobOf } from './webhook-service';
import { verifyDelivery } from './webhook-signature';

const ANSWER_WAIT_MS = 3_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function receive(app: FastifyInstance, request: FastifyRequest) {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const verified = await verifyDelivery(app, request.headers, raw);
  if (!verified) {
    app.log.warn({ transmissionId: request.headers['paypal-transmission-id'] }, 'webhook signature not verified');
    throw fail(400, 'WEBHOOK_SIGNATURE_INVALID');
  }
  let event: { id?: unknown; event_type?: unknown; resource?: unknown };
  try {
    event = JSON.parse(raw.toString('utf8')) as typeof event;
  } catch {
    throw fail(400, 'BAD_REQUEST');
  }
  const eventId = typeof event?.id === 'string' && event.id.length <= 100 ? event.id : null;
  const type = typeof event?.event_type === 'string' && event.event_type.length <= 100 ? event.event_type : null;
  if (!eventId || !type || typeof event.resource !== 'object' || event.resource === null || Array.isArray(event.resource)) throw fail(400, 'BAD_REQUEST');

  const job = webhookJobOf(app);
  const stored = await app.db.transaction(async (tx) => {
    const kept = await storeEvent(tx, { eventId, eventType: type, body: event as Record<string, unknown>, webhookId: verified.webhookId });
    const open = kept.row.state === 'received' || kept.row.state === 'waiting';
    if (kept.row.state === 'waiting') await reopenEvent(tx, eventId);
    if (open) await app.jobs.send(job, { eventId }, { tx });
    return kept;
  });
  if (stored.row.state === 'applied' || stored.row.state === 'ignored') return { status: 200, outcome: 'duplicate' };
  app.jobs.wake(job);

  let state: { state: EventState; outcome: string } | null = null;
  for (let waited = 0; waited < ANSWER_WAIT_MS; waited += 25) {
    state = await eventState(app.db, eventId);
    if (state && state.state !== 'received') break;
    await sleep(25);
  }
  if (state?.state === 'applied' || state?.state === 'ignored') return { status: 200, outcome: stored.fresh ? state.outcome : 'duplicate' };
  if (state?.state === 'waiting') throw fail(503, 'WEBHOOK_EVENT_WAITING');
  return { status: 202, outcome: 'queued' };
}

export async function registerWebhookRoute(app: FastifyInstance): Promise<void> {
  await app.jobs.register(webhookJobOf(app));
  await app.register(async (scope) => {
    // The raw bytes: the signature covers them, not a re-serialised object.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    scope.post(P.webhook, { config: { access: 'public', rateLimit: false } }, async (request, reply) => {
      const { status, outcome } = await receive(app, request);
      return reply.code(status).send(success({ outcome }));
    });
  });
}
