/**
 * Live permission updates over socket.io, attached to the Fastify HTTP server at /socket.io (works
 * for `app.listen`; closed with the app). The client connects with `query: { userId }` and
 * `auth: { token: idToken }`; the handshake is refused ('UNAUTHORIZED') unless the token is a live
 * session of that user. Each socket joins room `user:<id>`; the server emits:
 *   'permissions'       { data: [{ campaign_id, resource_names }] }   (empty list = no permissions)
 *   'campaign-removed'  { campaign_id }
 *   'progress'          LiveProgressEvent   long work the user started (imports, reports, payments)
 *   'done'              LiveDoneEvent       …once, when it ends (domain/live-events.ts)
 * Sockets of a user whose sessions are revoked (blocked, signed out everywhere) are disconnected.
 *
 * Across instances (config `liveAcrossInstances`: on with DATABASE_URL or INSTANCES > 1, off for the
 * embedded single process, where it would only add a listening connection and heartbeats): socket.io's
 * PostgreSQL adapter (@socket.io/postgres-adapter) carries every emit and every disconnect through
 * NOTIFY/LISTEN on the same database, so a push made on one instance reaches sockets connected to
 * any other. Payloads over 8,000 bytes go through the `socket_io_attachments` table (migration 0019).
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { SOCKET_EVENTS, SOCKET_PATH, type CampaignPermission, type CampaignRemovedEvent, type PermissionsEvent } from '../../domain/campaign';
import { LIVE_EVENTS, type LiveDoneEvent, type LiveProgressEvent, type LiveTaskRef } from '../../domain/live-events';
import { authenticateToken } from './auth';

export interface LiveUpdates {
  /** Sends 'permissions' to every socket of the user. */
  pushPermissions(userId: string, data: CampaignPermission[]): void;
  /** Sends 'permissions' with no resources, then 'campaign-removed'. */
  pushCampaignRemoved(userId: string, campaignId: string): void;
  /** Sends 'progress' of the user's long work (use `progressReporter` to throttle it). */
  pushProgress(userId: string, event: LiveProgressEvent): void;
  /** Sends 'done' when the user's long work ends. */
  pushDone(userId: string, event: LiveDoneEvent): void;
  /** Drops the user's sockets (all, or all but those of one session). */
  disconnectUser(userId: string, options?: { exceptSessionId?: string }): void;
  /** Drops the sockets opened with one session's token. */
  disconnectSession(sessionId: string): void;
  /** Sockets connected to this instance that passed the handshake (and so are in their rooms). */
  connectedSockets(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveUpdates;
  }
}

interface SocketData {
  userId: string;
  sessionId: string;
}

export const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

function handshakeToken(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  const raw = typeof auth?.token === 'string' ? auth.token : null;
  if (!raw) return null;
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 4096 ? token : null;
}

export function registerSockets(app: FastifyInstance): void {
  const io = new Server<Record<string, never>, Record<string, (payload: unknown) => void>, Record<string, never>, SocketData>(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    ...(app.config.liveAcrossInstances
      ? { adapter: createAdapter(app.pool, { errorHandler: (error: Error) => app.log.warn({ err: error }, 'socket.io PostgreSQL adapter') }) }
      : {}),
  });

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    const userId = socket.handshake.query.userId;
    if (!token || typeof userId !== 'string') return next(new Error('UNAUTHORIZED'));
    authenticateToken(app, token).then(
      (user) => {
        if (!user || user.id !== userId) return next(new Error('UNAUTHORIZED'));
        socket.data = { userId: user.id, sessionId: user.sessionId };
        void socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
        next();
      },
      (error: unknown) => {
        app.log.warn({ err: error }, 'socket handshake failed');
        next(new Error('UNAUTHORIZED'));
      },
    );
  });

  // Drop the sockets before Fastify closes the HTTP server (it waits for open connections).
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
    // The PostgreSQL adapter's listening connection and timers (a no-op for the in-memory adapter).
    await io.of('/').adapter.close();
  });

  app.decorate('live', {
    pushPermissions(userId, data) {
      const payload: PermissionsEvent = { data };
      io.to(userRoom(userId)).emit(SOCKET_EVENTS.permissions, payload);
    },
    pushCampaignRemoved(userId, campaignId) {
      const permissions: PermissionsEvent = { data: [{ campaign_id: campaignId, resource_names: [] }] };
      const removed: CampaignRemovedEvent = { campaign_id: campaignId };
      io.to(userRoom(userId)).emit(SOCKET_EVENTS.permissions, permissions);
      io.to(userRoom(userId)).emit(SOCKET_EVENTS.campaignRemoved, removed);
    },
    pushProgress(userId, event) {
      io.to(userRoom(userId)).emit(LIVE_EVENTS.progress, event);
    },
    pushDone(userId, event) {
      io.to(userRoom(userId)).emit(LIVE_EVENTS.done, event);
    },
    disconnectUser(userId, options = {}) {
      const target = options.exceptSessionId ? io.in(userRoom(userId)).except(sessionRoom(options.exceptSessionId)) : io.in(userRoom(userId));
      target.disconnectSockets(true);
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    connectedSockets() {
      // The main namespace's local sockets: a socket is added there only after the handshake (io.use) joined its rooms.
      return io.of('/').sockets.size;
    },
  } satisfies LiveUpdates);
}

export interface ProgressReporter {
  /** Reports `done` of `total` (sent at most every `minIntervalMs`, and always when done reaches total). */
  progress(done: number, total: number | null, stage?: string | null): void;
  /** Sends 'done' (and a last 'progress' that was held back, first). */
  finish(status: string, message?: string | null): void;
}

/**
 * A throttled reporter for one piece of long work: a job calls `progress` per batch without flooding
 * the socket, then `finish` once.
 */
export function progressReporter(live: LiveUpdates, userId: string, ref: LiveTaskRef, options: { minIntervalMs?: number; now?: () => number } = {}): ProgressReporter {
  const minIntervalMs = options.minIntervalMs ?? 250;
  const now = options.now ?? Date.now;
  let lastSent = Number.NEGATIVE_INFINITY;
  let held: LiveProgressEvent | null = null;
  return {
    progress(done, total, stage = null) {
      const event: LiveProgressEvent = { ...ref, done, total, stage };
      const complete = total !== null && done >= total;
      if (!complete && now() - lastSent < minIntervalMs) {
        held = event;
        return;
      }
      held = null;
      lastSent = now();
      live.pushProgress(userId, event);
    },
    finish(status, message = null) {
      if (held) live.pushProgress(userId, held);
      held = null;
      live.pushDone(userId, { ...ref, status, message });
    },
  };
}
