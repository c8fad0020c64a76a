import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ROLES } from '../../domain/permissions';
import { activeUser, adminSignIn, get, post } from '../test/auth-helpers';
import { addMember, del, demoSignIn, toSession, type Session } from '../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../test/test-db';
import { progressReporter, type LiveUpdates } from './sockets';

/** Resolves with the first `event` payload, or rejects after `ms`. */
function next<T>(socket: Socket, event: string, ms = 2000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('live permission updates over socket.io', () => {
  let t: TestApp;
  let url: string;
  let owner: Session;
  let campaignId: string;
  const sockets: Socket[] = [];

  /** A connected client (or the connect_error message). */
  function connect(userId: string, token: string | undefined): Promise<Socket> {
    const socket = io(url, { path: '/socket.io', query: { userId }, auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => reject(error));
    });
  }

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await demoSignIn(t, 'owner');
    campaignId = t.seeded!.demoCampaign!.id;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t.close(); // also proves the socket server closes with the app
  });

  it('GET /channel/user/{id} tells the SPA where to listen (self only)', async () => {
    const res = await get(t, `/channel/user/${owner.userId}`, owner.token);
    expect(res.json()).toEqual({ data: { channel: `user:${owner.userId}`, event: 'permissions', path: '/socket.io' } });
    const staff = await demoSignIn(t, 'staff');
    expect((await get(t, `/channel/user/${owner.userId}`, staff.token)).statusCode).toBe(403);
  });

  it("staff receives 'permissions' within 2 s after the owner removes a resource from the staff role", async () => {
    const staff = await demoSignIn(t, 'staff');
    const socket = await connect(staff.userId, staff.token);
    const received = next<{ data: { campaign_id: string; resource_names: string[] }[] }>(socket, 'permissions');
    const without = SYSTEM_ROLES.staff.resource_names.filter((name) => name !== 'donor.read');
    const res = await post(t, '/campaign/roles/update_role', { campaign_id: campaignId, role_key: 'staff', name: 'Staff', resource_names: without }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const payload = await received;
    expect(payload).toEqual({ data: [{ campaign_id: campaignId, resource_names: without }] });
    expect(payload.data[0].resource_names).not.toContain('donor.read');
  });

  it("a member whose role changes gets 'permissions'; a removed member gets no resources and 'campaign-removed'", async () => {
    const member = toSession(await activeUser(t, 'live@example.org'));
    await addMember(t, campaignId, member.userId, 'staff');
    const socket = await connect(member.userId, member.token);

    const changed = next<{ data: { campaign_id: string; resource_names: string[] }[] }>(socket, 'permissions');
    await post(t, '/campaign/members/update_member_role', { campaign_id: campaignId, user_id: member.userId, role: 'manager' }, owner.token);
    expect((await changed).data).toEqual([{ campaign_id: campaignId, resource_names: SYSTEM_ROLES.manager.resource_names }]);

    const permissions = next<unknown>(socket, 'permissions');
    const removed = next<unknown>(socket, 'campaign-removed');
    expect((await del(t, `/campaign/members/remove_member/${campaignId}/${member.userId}`, owner.token)).statusCode).toBe(200);
    expect(await permissions).toEqual({ data: [{ campaign_id: campaignId, resource_names: [] }] });
    expect(await removed).toEqual({ campaign_id: campaignId });
  });

  it('refuses a token of another user, a missing token and a forged one', async () => {
    const staff = await demoSignIn(t, 'staff');
    await expect(connect(owner.userId, staff.token)).rejects.toThrow('UNAUTHORIZED');
    await expect(connect(owner.userId, undefined)).rejects.toThrow('UNAUTHORIZED');
    await expect(connect(owner.userId, `${owner.token.slice(0, -4)}AAAA`)).rejects.toThrow('UNAUTHORIZED');
  });

  it('counts the sockets this instance holds past their handshake (the live_sockets metric), never a refused one', async () => {
    const staff = await demoSignIn(t, 'staff');
    const before = t.app.live.connectedSockets();
    await expect(connect(owner.userId, staff.token)).rejects.toThrow('UNAUTHORIZED');
    expect(t.app.live.connectedSockets()).toBe(before);
    const socket = await connect(staff.userId, staff.token);
    expect(t.app.live.connectedSockets()).toBe(before + 1);
    socket.disconnect();
    await expect.poll(() => t.app.live.connectedSockets(), { timeout: 2_000 }).toBe(before);
  });

  it('drops the sockets of a user who is blocked', async () => {
    const member = toSession(await activeUser(t, 'blocked-live@example.org'));
    const socket = await connect(member.userId, member.token);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const admin = toSession(await adminSignIn(t));
    const res = await post(t, `/auth/admin/update_user_status/${member.userId}`, { action: 'block' }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it("'progress' and 'done' of long work reach the user who started it, and nobody else", async () => {
    const staff = await demoSignIn(t, 'staff');
    const mine = await connect(owner.userId, owner.token);
    const theirs = await connect(staff.userId, staff.token);
    const leaked: unknown[] = [];
    theirs.on('progress', (event) => leaked.push(event));
    theirs.on('done', (event) => leaked.push(event));
    const ref = { kind: 'import', id: 'upload-1', campaign_id: campaignId };
    const progress = next<unknown>(mine, 'progress');
    t.app.live.pushProgress(owner.userId, { ...ref, done: 40, total: 100, stage: 'validating' });
    expect(await progress).toEqual({ ...ref, done: 40, total: 100, stage: 'validating' });
    const done = next<unknown>(mine, 'done');
    t.app.live.pushDone(owner.userId, { ...ref, status: 'completed', message: null });
    expect(await done).toEqual({ ...ref, status: 'completed', message: null });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leaked).toEqual([]);
  });
});

describe('progressReporter', () => {
  it('throttles progress, always sends the last step, and flushes a held step before done', () => {
    const sent: [string, unknown][] = [];
    const live = {
      pushProgress: (_user: string, event: unknown) => sent.push(['progress', event]),
      pushDone: (_user: string, event: unknown) => sent.push(['done', event]),
    } as unknown as LiveUpdates;
    let clock = 0;
    const reporter = progressReporter(live, 'u1', { kind: 'report', id: 'r1', campaign_id: 'c1' }, { minIntervalMs: 250, now: () => clock });
    reporter.progress(1, 10);
    clock = 100;
    reporter.progress(2, 10); // held: too soon
    clock = 300;
    reporter.progress(3, 10);
    clock = 310;
    reporter.progress(10, 10); // the last step is never held
    clock = 320;
    reporter.progress(10, null, 'writing'); // held
    reporter.finish('completed');
    expect(sent.map(([name, event]) => [name, (event as { done?: number; status?: string }).done ?? (event as { status: string }).status])).toEqual([
      ['progress', 1],
      ['progress', 3],
      ['progress', 10],
      ['progress', 10],
      ['done', 'completed'],
    ]);
  });
});

describe('socket.io and the app lifecycle', () => {
  it('the app closes while a client is connected; the client is disconnected', async () => {
    const t = await buildTestApp({ seed: true });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await demoSignIn(t, 'owner');
    const socket = io(url, { path: '/socket.io', query: { userId: owner.userId }, auth: { token: owner.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      const started = Date.now();
      await t.close();
      await gone;
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      socket.disconnect();
    }
  });
});
