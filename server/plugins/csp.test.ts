/**
 * The Content-Security-Policy names only what the app uses: the origin the page was opened at ('self')
 * for API calls, signed uploads and the socket.io websocket (S3's origin too when S3_BUCKET is set), and images from its own origin, data: and blob: (plus the avatar hosts of a
 * configured social sign-in). No `ws:` / `wss:` / `https:` wildcards.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config, S3Config } from '../config';
import { privateFileKey } from '../modules/storage/private-storage';
import { createS3PrivateStorage } from '../modules/storage/private-storage-s3';
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
  it("connect-src: 'self' only, never PUBLIC_URL's host (the app opened at 127.0.0.1 or a LAN address calls its own origin)", async () => {
    expect((await directives())['connect-src']).toEqual(["'self'"]);
    expect((await directives({ publicUrl: 'https://donate.example.org' }))['connect-src']).toEqual(["'self'"]);
    expect((await directives({ publicUrl: 'http://10.0.0.5:8080' }))['connect-src']).toEqual(["'self'"]);
  });

  it('connect-src: with S3_BUCKET, the origin of the presigned upload URLs the browser PUTs to', async () => {
    const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
    const cases: S3Config[] = [
      { bucket: 'cdt-private', region: 'us-east-1', endpoint: null, ...credentials, forcePathStyle: false },
      { bucket: 'cdt-private', region: 'eu-west-3', endpoint: null, ...credentials, forcePathStyle: true },
      { bucket: 'cdt-private', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', ...credentials, forcePathStyle: true },
      { bucket: 'cdt-private', region: 'auto', endpoint: 'https://acct.r2.cloudflarestorage.com', ...credentials, forcePathStyle: false },
    ];
    for (const s3 of cases) {
      // The presigner signs offline: the URL the SPA would be given.
      const signed = await createS3PrivateStorage(s3).signedUploadUrl(privateFileKey('0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3', 'imports', 'csv'), {
        expiresInSeconds: 60,
        sizeBytes: 10,
        contentType: 'text/csv',
        campaignId: '0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3',
      });
      expect((await directives({ s3 }))['connect-src'], JSON.stringify(s3)).toEqual(["'self'", new URL(signed.url).origin]);
    }
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
