/**
 * The user's live socket (socket.io at /socket.io, query userId, auth token = idToken): permission
 * changes, and the progress of long work (forwarded to live-events.ts).
 * socket.io-client loads on first use (the main layout chunk), never on the sign-in path.
 * Tests inject a fake through setSocketFactory (the seam below).
 */
import { SOCKET_EVENTS, SOCKET_PATH, type CampaignRemovedEvent, type PermissionsEvent } from '../../domain/campaign';
import { LIVE_EVENTS, type LiveDoneEvent, type LiveProgressEvent } from '../../domain/live-events';
import { config } from '../config/env';
import { emitLiveEvent } from './live-events';
import { readSession } from './session';

export interface SocketLike {
  on(event: string, listener: (payload: never) => void): unknown;
  disconnect(): unknown;
}

export interface SocketOptions {
  path: string;
  query: { userId: string };
  /** A function, so every (re)connection sends the idToken stored now (fresh after a refresh). */
  auth: (cb: (data: { token: string }) => void) => void;
  transports: string[];
}

export type SocketFactory = (url: string | undefined, options: SocketOptions) => SocketLike;

let factory: SocketFactory | null = null;

/** Test seam: replaces socket.io-client's `io` (null restores it). */
export function setSocketFactory(next: SocketFactory | null): void {
  factory = next;
}

async function resolveFactory(): Promise<SocketFactory> {
  if (factory) return factory;
  const { io } = await import('socket.io-client');
  return (url, options) => (url ? io(url, options) : io(options));
}

export interface PermissionSocketHandlers {
  /**
   * Each connection, the first and every reconnection: a push made before the socket joined its
   * room (or while it was away) never arrives, so the caller reads the current state again.
   */
  onConnect: () => void;
  onPermissions: (event: PermissionsEvent) => void;
  onCampaignRemoved: (event: CampaignRemovedEvent) => void;
}

/** Connects; resolves to a function that disconnects. */
export async function connectPermissionSocket(userId: string, handlers: PermissionSocketHandlers): Promise<() => void> {
  const create = await resolveFactory();
  const socket = create(config.socketUrl || undefined, {
    path: SOCKET_PATH,
    query: { userId },
    auth: (cb) => cb({ token: readSession()?.idToken ?? '' }),
    transports: ['websocket', 'polling'],
  });
  socket.on('connect', (() => handlers.onConnect()) as (payload: never) => void);
  socket.on(SOCKET_EVENTS.permissions, ((event: PermissionsEvent) => handlers.onPermissions(event)) as (payload: never) => void);
  socket.on(SOCKET_EVENTS.campaignRemoved, ((event: CampaignRemovedEvent) => handlers.onCampaignRemoved(event)) as (payload: never) => void);
  // Long work the user started (live-events.ts hands these to the pages that listen).
  socket.on(LIVE_EVENTS.progress, ((event: LiveProgressEvent) => emitLiveEvent('progress', event)) as (payload: never) => void);
  socket.on(LIVE_EVENTS.done, ((event: LiveDoneEvent) => emitLiveEvent('done', event)) as (payload: never) => void);
  return () => {
    socket.disconnect();
  };
}
