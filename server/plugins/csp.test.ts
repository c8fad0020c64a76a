/**
 * The Content-Security-Policy names only what the app uses: its own origin for API calls and the
 * socket.io websocket, and images from its own origin, data: and blob: (plus the avatar hosts of a
 * configured social sign-in). No `ws:` / `wss:` / `https:` wildcards.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { testConfig } from '../test/test-config';
import { registerSecurity } from './security';

async function directives(overrides: Partial<Config> = {}): Promise<Record<string, string[]>> {
  const app = Fastify();
  await registerSecurity(app, testConfig(overrides));
  app.get('/', async () => ({ data: 'ok' }));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const entries = String(res.headers['content-security-policy'])
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter((parts) => parts[0] !== '');
  return Object.fromEntries(entries.map(([name, ...values]) => [name, values]));
}

describe('Content-Security-Policy', () => {
  it('connect-src: this origin and its own websocket only', async () => {
    expect((await directives())['connect-src']).toEqual(["'self'", 'ws://localhost:3000']);
    expect((await directives({ publicUrl: 'https://donate.example.org' }))['connect-src']).toEqual(["'self'", 'wss://donate.example.org']);
    expect((await directives({ publicUrl: 'http://10.0.0.5:8080' }))['connect-src']).toEqual(["'self'", 'ws://10.0.0.5:8080']);
  });

  it("img-src: 'self', data: and blob: — no https: wildcard", async () => {
    const csp = await directives();
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    for (const values of Object.values(csp)) {
      expect(values).not.toContain('https:');
      expect(values).not.toContain('ws:');
      expect(values).not.toContain('wss:');
      expect(values).not.toContain('*');
    }
  });

  it('img-src: avatar hosts only for a configured social sign-in', async () => {
    const provider = { clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' };
    expect((await directives({ socialProviders: { google: provider } }))['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com']);
    expect((await directives({ socialProviders: { auth0: { ...provider, issuer: 'https://tenant.auth0.com/' } } }))['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://s.gravatar.com',
      'https://cdn.auth0.com',
    ]);
  });

  it('keeps the rest of the policy', async () => {
    const csp = await directives({ publicUrl: 'https://donate.example.org' });
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });
});
