/**
 * TRUST_PROXY: off by default (request.ip is the socket's address); true, a hop count or proxy
 * addresses/CIDRs make request.ip the client named in X-Forwarded-For, for logs and rate limits.
 */
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type TrustProxy } from '../config';
import { buildTestApp, type TestApp } from '../test/test-db';

const BASE_ENV = { TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123', DATA_DIR: path.join(os.tmpdir(), 'cdt-test-data-unused') };
const trustProxyOf = (value?: string) => loadConfig({ ...BASE_ENV, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;

describe('TRUST_PROXY (config)', () => {
  it('is off unless set', () => {
    expect(trustProxyOf()).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
  });

  it("accepts 'true', a hop count, or a comma-separated list of addresses and CIDRs", () => {
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.7,::1,fd00::/8, loopback')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback']);
    expect(trustProxyOf('10.0.0.0/255.0.0.0')).toEqual(['10.0.0.0/255.0.0.0']);
  });

  it('refuses anything else with a clear message', () => {
    for (const value of ['maybe', '10.0.0.0/33', '10.0.0', 'example.org', '10.0.0.1,', '1000', '::1/129', '10.0.0.0/8/8']) {
      expect(() => trustProxyOf(value), value).toThrow(ConfigError);
      expect(() => trustProxyOf(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('TRUST_PROXY (request.ip)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appWith(trustProxy: TrustProxy, rateLimitMax = 100_000): Promise<TestApp> {
    t = await buildTestApp({ config: { trustProxy, rateLimitMax } });
    t.app.get('/test/ip', { config: { access: 'public' } }, async (request) => ({ data: { ip: request.ip } }));
    return t;
  }
  /** light-my-request's connection comes from 127.0.0.1. */
  const ipOf = async (app: TestApp, forwardedFor?: string) => {
    const res = await app.app.inject({ method: 'GET', url: '/test/ip', headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.ip as string;
  };

  it('off: the socket address, X-Forwarded-For ignored', async () => {
    const app = await appWith(false);
    expect(await ipOf(app, '203.0.113.7')).toBe('127.0.0.1');
  });

  it('a trusted proxy address: the client the proxy names; an untrusted peer cannot spoof it', async () => {
    const app = await appWith(['127.0.0.1']);
    expect(await ipOf(app, '203.0.113.7')).toBe('203.0.113.7');
    // Only trusted hops are skipped: a forged entry left of the client is not believed.
    expect(await ipOf(app, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf(app)).toBe('127.0.0.1');
    await t!.close();
    const other = await appWith(['10.0.0.0/8']);
    expect(await ipOf(other, '203.0.113.7')).toBe('127.0.0.1');
  });

  it('a hop count trusts that many proxies', async () => {
    const one = await appWith(1);
    expect(await ipOf(one, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    await t!.close();
    const two = await appWith(2);
    expect(await ipOf(two, '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
  });

  it('true: the left-most address', async () => {
    const app = await appWith(true);
    expect(await ipOf(app, '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
  });

  it('the anonymous rate limit counts each forwarded client on its own', async () => {
    const app = await appWith(['127.0.0.1'], 2);
    const status = async (client: string) => (await app.app.inject({ method: 'GET', url: '/test/ip', headers: { 'x-forwarded-for': client } })).statusCode;
    expect([await status('203.0.113.1'), await status('203.0.113.1'), await status('203.0.113.1')]).toEqual([200, 200, 429]);
    expect(await status('203.0.113.2')).toBe(200);
  });
});
