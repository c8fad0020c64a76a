import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { number, object } from 'yup';
import type { OutboxListData, OutboxMessageView } from '../../../domain/auth/api-contract';
import { success } from '../../plugins/respond';
import { validateQuery } from '../../plugins/validate';
import { listOutboxMessages, type OutboxRow } from './repository';

const querySchema = object({
  limit: number().typeError('Limit must be a whole number from 1 to 200').integer().min(1).max(200).default(50),
});

function toView(row: OutboxRow): OutboxMessageView {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    purpose: row.purpose,
    status: row.status,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Loopback: this machine. Judged from the TCP peer (request.socket.remoteAddress), never from
 * X-Forwarded-For or request.ip, which a client or a trusted proxy setting could make say anything.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

/**
 * GET /dev/outbox?limit=50: the newest messages (with their codes) for QA. Never registered in
 * production; outside production it answers only clients on this machine (loopback): anyone else
 * gets the same 404 as for a path that does not exist, even when HOST=0.0.0.0 exposes the server.
 */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  const onlyFromThisMachine = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isLoopbackAddress(request.socket.remoteAddress)) return;
    request.log.warn({ remoteAddress: request.socket.remoteAddress }, 'dev outbox refused to a client that is not on this machine');
    reply.callNotFound();
    return reply;
  };
  // Public on purpose: QA reads sign-in codes here without signing in (never in production, loopback only).
  app.get('/dev/outbox', { config: { access: 'public' }, onRequest: onlyFromThisMachine }, async (request) => {
    const { limit } = await validateQuery(querySchema, request.query);
    const rows = await listOutboxMessages(app.db, limit);
    const data: OutboxListData = { message_list: rows.map(toView) };
    return success(data);
  });
}
