import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { isLoopbackAddress } from './dev-routes';

describe('GET /dev/outbox answers this machine only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.inject({ method: 'POST', url: `${A}/signup`, payload: { name: 'Local', last_name: 'Only', email: 'local@example.org' } });
    await t.app.authMail.settled(); // the code is recorded just after the answer
  });
  afterAll(async () => {
    await t.close();
  });

  const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress, headers: { accept: 'application/json', ...headers } });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('serves a loopback client (%s) the codes', async (address) => {
    const res = await outbox(address);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message_list[0]).toMatchObject({ recipient: 'local@example.org', body: expect.stringMatching(/\d{6}/) });
  });

  it.each(['192.168.1.20', '10.0.0.7', '203.0.113.9', '::ffff:192.168.1.20', 'fe80::1'])(
    'answers a client on the network (%s) the plain 404, whatever X-Forwarded-For says',
    async (address) => {
      const res = await outbox(address, { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      expect(res.body).not.toMatch(/\d{6}/);
      // The same answer as a path that does not exist.
      const missing = await t.app.inject({ method: 'GET', url: '/dev/nothing-here', remoteAddress: address, headers: { accept: 'application/json' } });
      expect([missing.statusCode, missing.json()]).toEqual([res.statusCode, res.json()]);
    },
  );

  it('tells loopback addresses apart', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of [undefined, '', '0.0.0.0', '128.0.0.1', '::', '::2', '::ffff:10.0.0.1', '127.0.0.1.evil', 'localhost']) expect(isLoopbackAddress(address)).toBe(false);
  });
});
