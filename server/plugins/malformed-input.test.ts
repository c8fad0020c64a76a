/**
 * Malformed input found by an outside probe (issue 11), each once: NUL characters (PostgreSQL text
 * cannot hold them), query keys named after Object.prototype members, repeated query keys, and the
 * refusals Node and the router make before a route runs (431, bad chunked encoding, bad %-escapes).
 */
import type { FastifyBaseLogger } from 'fastify';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, post } from '../test/auth-helpers';
import { demoSignIn, request, type Session } from '../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../test/test-db';
import { findNul, validateQuery } from './validate';
import { number, object, string } from 'yup';

type LogLevel = 'warn' | 'error';

describe('malformed input', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  const logs: Array<{ level: LogLevel; url: string; text: string }> = [];

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    // Record what each request logs at warn and error (the test config logs nothing).
    t.app.addHook('onRequest', async (req) => {
      const log = req.log as FastifyBaseLogger & Record<LogLevel, (...args: unknown[]) => void>;
      for (const level of ['warn', 'error'] as const) {
        log[level] = (...args: unknown[]) => logs.push({ level, url: req.url, text: JSON.stringify(args, (_key, value: unknown) => (value instanceof Error ? value.message : value)) });
      }
    });
    owner = await demoSignIn(t, 'owner');
    campaignId = t.seeded!.demoCampaign!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, token?: string) => request(t, 'GET', url, token);
  const listDonor = () => `/donation/donor/list_donor/${campaignId}`;
  const logsOf = (url: string) => logs.filter((entry) => entry.url === url);

  describe('a NUL character anywhere → 400 VALIDATION_ERROR naming the field, logged at warn (never a query)', () => {
    it('in a query value: search=%00', async () => {
      const url = `${listDonor()}?search=%00`;
      const res = await get(url, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String), details: { in: 'query', fields: { search: expect.stringContaining('NUL') } } });
      expect(logsOf(url).map((entry) => entry.level)).toEqual(['warn']);
      expect(logsOf(url)[0].text).not.toMatch(/select|params/i);
    });

    it('in a path parameter: /auth/users/email/%00', async () => {
      const url = '/auth/users/email/%00';
      const res = await get(url, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: { in: 'params', fields: { email: expect.stringContaining('NUL') } } });
      expect(logsOf(url).map((entry) => entry.level)).toEqual(['warn']);
    });

    it('in a body field, a nested value and a key', async () => {
      for (const [payload, field] of [
        [{ campaign_id: campaignId, name: 'Ada\u0000Lovelace' }, 'name'],
        [{ campaign_id: campaignId, instalments: [{ note: 'ok' }, { note: '\u0000' }] }, 'instalments[1].note'],
        [{ campaign_id: campaignId, ['city\u0000']: 'x' }, 'city\\0'],
      ] as const) {
        const res = await post(t, '/donation/donor/add_donor', payload, owner.token);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: { in: 'body', fields: { [field]: expect.stringContaining('NUL') } } });
      }
    });

    it('on a public route and on a route without validation', async () => {
      const signin = await post(t, `${A}/signin`, { email: 'owner@demo.campaign\u0000', password: 'x' });
      expect([signin.statusCode, signin.json().code]).toEqual([400, 'VALIDATION_ERROR']);
      const campaign = await get(`/campaign/get_campaign/${campaignId}%00`, owner.token);
      expect([campaign.statusCode, campaign.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    });

    it('findNul walks deep input without recursion and names the path', () => {
      let deep: unknown = 'x\u0000';
      for (let i = 0; i < 100_000; i++) deep = [deep];
      expect(findNul(deep)).toBe(`${'[0]'.repeat(34).slice(0, 100)}…`);
      expect(findNul({ a: [{ b: 'ok' }, { c: 'no\u0000' }] })).toBe('a[1].c');
      expect(findNul({ a: ['fine', { b: 1, c: null }] })).toBeNull();
      expect(findNul(Buffer.from([0, 0, 0]))).toBeNull();
    });
  });

  describe('query keys named after Object.prototype members → ignored like any unknown key, never 500', () => {
    const keys = ['constructor=1', 'toString=1', 'valueOf=1', 'hasOwnProperty=1', '__proto__=1', '__proto__[x]=1', 'constructor[prototype][x]=1', 'isPrototypeOf=x&propertyIsEnumerable=y&toLocaleString=z', '__defineGetter__=1'];

    it('on a campaign route', async () => {
      for (const query of keys) {
        const res = await get(`${listDonor()}?${query}&page=2`, owner.token);
        expect(res.statusCode, `${query} → ${res.body}`).toBe(200);
        expect(res.json().data.page).toBe(2);
      }
    });

    it('on a public route (anonymous)', async () => {
      for (const query of keys) {
        const res = await get(`${A}/get-confirmation-code-validity?${query}&email=nobody@example.org`);
        expect(res.statusCode, `${query} → ${res.body}`).toBeLessThan(500);
      }
    });

    it('validateQuery keeps a declared field and drops the built-in names', async () => {
      const schema = object({ page: number().default(1), search: string() });
      const parsed = await validateQuery(schema, Object.assign(Object.create(null), { constructor: '1', toString: 'x', page: '3' }));
      expect(parsed).toEqual({ page: 3 });
      expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    });
  });

  describe('a repeated query key → 400 naming the key', () => {
    it.each([
      ['page=1&page=2', 'page'],
      ['limit=10&limit=20', 'limit'],
      ['search=1&search=2', 'search'],
      ['tag=a&tag=b', 'tag'],
    ])('%s', async (query, key) => {
      const res = await get(`${listDonor()}?${query}`, owner.token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String), details: { in: 'query', fields: { [key]: `${key} must be given only once` } } });
    });
  });

  describe('refusals before any route runs answer { code, message }', () => {
    it('a malformed %-escape in the path → 400 BAD_REQUEST', async () => {
      const res = await get(`/donation/donor/get_donor/${campaignId}/%zz`, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
    });

    it('a path parameter over maxParamLength → 414 in the same shape', async () => {
      const res = await get(`/auth/users/${'a'.repeat(500)}`, owner.token);
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    });

    describe('on a listening server (Node refuses these itself)', () => {
      let port: number;
      beforeAll(async () => {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        port = (t.app.server.address() as net.AddressInfo).port;
      });

      /** Writes `raw` on a fresh connection and reads everything the server answers. */
      function rawRequest(raw: string): Promise<{ status: number; headers: string; body: string }> {
        return new Promise((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1');
          let data = '';
          socket.setEncoding('utf8');
          socket.on('data', (chunk: string) => (data += chunk));
          socket.on('error', (error) => (data ? undefined : reject(error)));
          socket.on('close', () => {
            const [head, ...rest] = data.split('\r\n\r\n');
            resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body: rest.join('\r\n\r\n') });
          });
          socket.write(raw);
        });
      }

      it('a 20 KB header → 431 JSON', async () => {
        const res = await rawRequest(`GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        expect(res.status).toBe(431);
        expect(res.headers).toMatch(/content-type: application\/json/i);
        expect(JSON.parse(res.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
      });

      it('a 20 KB URL → 431 JSON', async () => {
        const res = await rawRequest(`GET /health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        expect(res.status).toBe(431);
        expect(JSON.parse(res.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
      });

      it('bad chunked encoding → 400 JSON', async () => {
        const res = await rawRequest(`POST /auth/authentication/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`);
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body)).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
      });

      it('a malformed request line → 400 JSON', async () => {
        const res = await rawRequest('GET /health HTTP/9.9 nonsense\r\n\r\n');
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body)).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
      });
    });
  });
});
