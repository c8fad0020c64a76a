/**
 * The origin of absolute links (plugins/link-origin.ts): PUBLIC_URL in production whatever the Host;
 * outside production the request's own Host when its name is allowed; a hostile Host never.
 */
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../config';
import { testConfig } from '../test/test-config';
import { allowedLinkHosts, linkOrigin, originFor } from './link-origin';

const HOSTILE = ['evil.example', 'evil.example:3000', 'localhost.evil.example', 'localhost@evil.example', 'evil.example/localhost', 'localhost:3000/x', '127.0.0.1.nip.io', '[::1', 'localhost:99999', ' localhost', ''];

function origin(config: Config, host: string | undefined, protocol = 'http', own: string[] = []): string {
  return originFor(config, allowedLinkHosts(config, () => own), protocol, host);
}

describe('link origin', () => {
  const development = testConfig({ nodeEnv: 'development', publicUrl: 'http://localhost:3000' });
  const production = testConfig({ nodeEnv: 'production', host: '0.0.0.0', publicUrl: 'https://donate.example.org', allowedHosts: ['127.0.0.1'] });

  it('production: PUBLIC_URL whatever the Host says, loopback and ALLOWED_HOSTS included', () => {
    for (const host of ['127.0.0.1:3000', 'localhost:3000', 'evil.example', 'donate.example.org', undefined]) {
      expect(origin(production, host, 'https', ['192.168.1.20'])).toBe('https://donate.example.org');
    }
  });

  it('development: the address the app was opened at, when its name is loopback or PUBLIC_URL’s', () => {
    expect(origin(development, '127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(origin(development, 'localhost:3000')).toBe('http://localhost:3000');
    expect(origin(development, '[::1]:3000')).toBe('http://[::1]:3000');
    expect(origin(development, 'LOCALHOST:5173')).toBe('http://localhost:5173');
    expect(origin(development, 'localhost')).toBe('http://localhost');
    expect(origin(development, '127.0.0.1:443', 'https')).toBe('https://127.0.0.1');
  });

  it('development: a hostile or malformed Host is ignored (PUBLIC_URL), never reflected', () => {
    for (const host of HOSTILE) expect(origin(development, host), host).toBe('http://localhost:3000');
    expect(origin(development, undefined)).toBe('http://localhost:3000');
    expect(origin(development, '127.0.0.1:3000', 'javascript')).toBe('http://localhost:3000');
  });

  it('development: ALLOWED_HOSTS, and this machine’s own addresses only when it listens on every interface', () => {
    const lan = testConfig({ nodeEnv: 'development', host: '0.0.0.0', allowedHosts: ['cdt.lan', '[fd00::7]'] });
    expect(origin(lan, 'cdt.lan:3000')).toBe('http://cdt.lan:3000');
    expect(origin(lan, '[fd00::7]:3000')).toBe('http://[fd00::7]:3000');
    expect(origin(lan, '192.168.1.20:3000', 'http', ['192.168.1.20'])).toBe('http://192.168.1.20:3000');
    expect(origin(lan, '192.168.1.21:3000', 'http', ['192.168.1.20'])).toBe('http://localhost:3000');
    // Listening on 127.0.0.1 (the default outside production): the LAN addresses are no link hosts.
    expect(origin(development, '192.168.1.20:3000', 'http', ['192.168.1.20'])).toBe('http://localhost:3000');
  });

  it('reads the Host of the request as Fastify sees it (X-Forwarded-Host only from a trusted proxy)', async () => {
    const app = Fastify();
    app.decorate('config', development);
    app.get('/origin', async (request) => ({ origin: linkOrigin(request) }));
    const ask = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/origin', headers })).json<{ origin: string }>().origin;
    expect(await ask({ host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(await ask({ host: 'evil.example' })).toBe('http://localhost:3000');
    expect(await ask({ host: 'evil.example', 'x-forwarded-host': '127.0.0.1:3000' })).toBe('http://localhost:3000');
    expect(await ask({ host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).toBe('http://127.0.0.1:3000');
    await app.close();
  });
});

describe('ALLOWED_HOSTS', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdt-allowed-hosts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (value: string) => loadConfig({ TOKEN_SECRET: 'x'.repeat(32), ALLOWED_HOSTS: value }, dir);

  it('takes host names and addresses, lowercased, IPv6 in brackets', () => {
    expect(loadConfig({ TOKEN_SECRET: 'x'.repeat(32) }, dir).allowedHosts).toEqual([]);
    expect(load(' CDT.lan , 192.168.1.20,fd00::7, [::2] ').allowedHosts).toEqual(['cdt.lan', '192.168.1.20', '[fd00::7]', '[::2]']);
  });

  it('refuses a scheme, a port, a path or a wildcard', () => {
    for (const bad of ['http://cdt.lan', 'cdt.lan:3000', 'cdt.lan/x', '*.lan', 'cdt..lan', '-cdt.lan']) {
      expect(() => load(bad), bad).toThrow(ConfigError);
      try {
        load(bad);
      } catch (error) {
        expect((error as ConfigError).problems.join('\n')).toContain('ALLOWED_HOSTS must be a comma-separated list of host names or IP addresses');
      }
    }
  });
});
