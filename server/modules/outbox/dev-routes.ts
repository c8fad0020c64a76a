import type { FastifyInstance } from 'fastify';
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

/** GET /dev/outbox?limit=50: the newest messages (with their codes) for QA. Never registered in production. */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  // Public on purpose: QA reads sign-in codes here without signing in (never in production).
  app.get('/dev/outbox', { config: { access: 'public' } }, async (request) => {
    const { limit } = await validateQuery(querySchema, request.query);
    const rows = await listOutboxMessages(app.db, limit);
    const data: OutboxListData = { message_list: rows.map(toView) };
    return success(data);
  });
}
