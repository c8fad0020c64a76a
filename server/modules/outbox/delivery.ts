/**
 * The outbox: every message is written to the `outbox` table and logged, then delivered by a
 * 'deliver-message' job (the jobs module, plugins/jobs.ts). With pg-boss it is queued (retried with
 * backoff); without it (tests, JOBS=inline) it runs inline (`inline: true`: one attempt, awaited) and
 * a failure is only recorded, never thrown.
 */
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/executor';
import { defineJob } from '../../plugins/jobs';
import { findOutboxMessage, insertOutboxMessage, markOutboxMessage, type NewOutboxMessage } from './repository';
import { createTransports, type Transports } from './transports';

export const DELIVERY_QUEUE = 'deliver-message';

export interface Outbox {
  /** Records the message and delivers it (queued or inline). Resolves with the outbox row id once recorded (inline: once tried). */
  send(message: NewOutboxMessage): Promise<string>;
  /** Records the message in the caller's transaction and queues its delivery there: no message if it rolls back. */
  queue(tx: Tx, message: NewOutboxMessage): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/** Sends one recorded message. Throws when the transport fails (after recording the failure). */
async function deliver(app: FastifyInstance, transports: Transports, id: string): Promise<void> {
  const message = await findOutboxMessage(app.db, id);
  if (!message || message.status === 'sent' || message.status === 'logged') return;
  const send =
    message.channel === 'email'
      ? transports.sendEmail && (() => transports.sendEmail!(message.recipient, message.subject ?? '', message.body))
      : transports.sendSms && (() => transports.sendSms!(message.recipient, message.body));
  if (!send) {
    await markOutboxMessage(app.db, id, { status: 'logged' });
    return;
  }
  try {
    await send();
    await markOutboxMessage(app.db, id, { status: 'sent', sent: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await markOutboxMessage(app.db, id, { status: 'failed', error: reason.slice(0, 500) });
    app.log.warn({ outboxId: id, channel: message.channel, err: reason }, 'message delivery failed');
    throw error;
  }
}

export async function registerOutbox(app: FastifyInstance): Promise<void> {
  const transports = createTransports(app.config);
  app.addHook('onClose', async () => transports.close());
  const deliveryJob = defineJob<{ id: string }>({
    name: DELIVERY_QUEUE,
    retry: { limit: 5, delaySeconds: 15, backoff: true },
    handler: ({ id }) => deliver(app, transports, id),
  });
  await app.jobs.register(deliveryJob);

  const production = app.config.nodeEnv === 'production';
  app.decorate('outbox', {
    async send(message: NewOutboxMessage) {
      const row = await insertOutboxMessage(app.db, message);
      // Message bodies carry codes: they are logged only outside production.
      app.log.info(
        { outboxId: row.id, channel: row.channel, purpose: row.purpose, ...(production ? {} : { recipient: row.recipient, body: row.body }) },
        'message recorded',
      );
      await app.jobs.send(deliveryJob, { id: row.id }, { inline: true });
      return row.id;
    },
    async queue(tx: Tx, message: NewOutboxMessage) {
      const row = await insertOutboxMessage(tx, message);
      app.log.info({ outboxId: row.id, channel: row.channel, purpose: row.purpose }, 'message queued');
      await app.jobs.send(deliveryJob, { id: row.id }, { tx });
      return row.id;
    },
  });
}
