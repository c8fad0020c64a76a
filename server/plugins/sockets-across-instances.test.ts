// Two API instances on one database (issue 15): a push made through one reaches a browser connected
// to the other, through socket.io's PostgreSQL adapter; a user's sockets on the other instance are
// dropped when their sessions end. Without the adapter (the embedded default) it does not cross.
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignPermission } from '../../domain/campaign';
import { buildApp } from '../app';
import { createDatabaseClient } from '../db/client';
import { demoSignIn, type Session } from '../test/campaign-helpers';
import { testConfig } from '../test/test-config';
import { buildTestApp, type TestApp } from '../test/test-db';

function next<T>(socket: Socket, event: string, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

function connect(url: string, session: Session): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', query: { userId: session.userId }, auth: { token: session.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('live pushes across two instances on one database', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bPool: ReturnType<typeof createDatabaseClient>['pool'];
  let urlB: string;
  let staff: Session;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await buildTestApp({ seed: true, config: testConfig({ liveAcrossInstances: true }) });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    // Instance B: its own process state and pool on the same database.
    const client = createDatabaseClient(a.database.url, { max: 5 });
    bPool = client.pool;
    b = await buildApp({ config: testConfig({ liveAcrossInstances: true }), db: client.db, pool: client.pool });
    urlB = await b.listen({ port: 0, host: '127.0.0.1' });
    staff = await demoSignIn(a, 'staff');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await b.close();
    await bPool.end();
    await a.close();
  });

  it('a push made through instance A reaches a socket connected to instance B within 2 s', async () => {
    const socket = await connect(urlB, staff);
    sockets.push(socket);
    const campaignId = a.seeded!.demoCampaign!.id;
    const received = next<{ data: { campaign_id: string; resource_names: string[] }[] }>(socket, 'permissions', 2000);
    a.app.live.pushPermissions(staff.userId, [{ campaign_id: campaignId, resource_names: ['donor.read'] }]);
    expect(await received).toEqual({ data: [{ campaign_id: campaignId, resource_names: ['donor.read'] }] });
  });

  it('a push over NOTIFY\'s 8,000 bytes crosses through the attachments table (migration 0019)', async () => {
    const socket = await connect(urlB, staff);
    sockets.push(socket);
    const campaignId = a.seeded!.demoCampaign!.id;
    // Not real resource names: only the size matters here.
    const many = Array.from({ length: 600 }, (_, i) => `resource.number-${i}`) as unknown as CampaignPermission['resource_names'];
    const received = next<{ data: { resource_names: string[] }[] }>(socket, 'permissions', 2000);
    a.app.live.pushPermissions(staff.userId, [{ campaign_id: campaignId, resource_names: many }]);
    expect((await received).data[0]!.resource_names).toEqual(many);
    expect(JSON.stringify(many).length).toBeGreaterThan(8_000);
  });

  it('ending the sessions through A drops the socket connected to B', async () => {
    const socket = await connect(urlB, staff);
    sockets.push(socket);
    const dropped = next<string>(socket, 'disconnect', 2000);
    a.app.live.disconnectUser(staff.userId);
    expect(await dropped).toBe('io server disconnect');
  });
});

describe('without the adapter (the embedded single process)', () => {
  it('is off by default and a push stays on its own instance', async () => {
    expect(testConfig().liveAcrossInstances).toBe(false);
    const a = await buildTestApp({ seed: true });
    const client = createDatabaseClient(a.database.url, { max: 2 });
    const b = await buildApp({ config: testConfig(), db: client.db, pool: client.pool });
    try {
      const urlB = await b.listen({ port: 0, host: '127.0.0.1' });
      const staff = await demoSignIn(a, 'staff');
      const socket = await connect(urlB, staff);
      const received = next(socket, 'permissions', 600);
      a.app.live.pushPermissions(staff.userId, []);
      await expect(received).rejects.toThrow("no 'permissions'");
      socket.disconnect();
    } finally {
      await b.close();
      await client.pool.end();
      await a.close();
    }
  });
});
