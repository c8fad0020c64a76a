/**
 * Every link right from any address (issue 31.7), as an API client sees it: what the browser fetches
 * is relative; absolute links (PayPal's way back, e-mails, the public page's address) follow the
 * address the app was opened at outside production, PUBLIC_URL in production, and never a forged Host.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_PATHS } from '../../domain/campaign';
import { ManualClock } from './clock';
import { UPLOAD_PATHS } from '../../domain/imports/api-contract';
import { A, messagesTo, signUpConfirmed } from '../test/auth-helpers';
import { demoSignIn } from '../test/campaign-helpers';
import { ALL_ATTESTATIONS, GIVING_SLUG, onlineDonor, onlineGiving } from '../test/payment-helpers';
import { buildTestApp, type TestApp } from '../test/test-db';

const PUBLIC_URL = 'http://localhost:3000';
/** Hosts a link must not follow (X-Forwarded-Host counts only from a proxy TRUST_PROXY trusts: none here). */
const HOSTILE: Record<string, string>[] = [{ host: 'evil.example' }, { host: 'evil.example:3000' }, { host: 'localhost.evil.example:3000' }, { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' }];

function call(t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown, token?: string) {
  return t.app.inject({
    method,
    url,
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** The body of the newest "you already have an account" e-mail after signing up again with `email` (codes to one address go 60 s apart). */
async function accountExistsMail(t: TestApp, clock: ManualClock, email: string, headers: Record<string, string>): Promise<string> {
  clock.advance(61_000);
  const res = await call(t, 'POST', `${A}/signup`, headers, { name: 'Someone', last_name: 'Else', email });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = (await messagesTo(t, email)).filter((m) => m.purpose === 'account_exists');
  expect(mail, 'the account_exists e-mail').toBeDefined();
  return mail!.body;
}

describe('links outside production (NODE_ENV=test, PUBLIC_URL http://localhost:3000)', () => {
  let t: TestApp;
  const clock = new ManualClock();
  const giving = onlineGiving(() => t);
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock, config: { publicUrl: PUBLIC_URL } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const startGift = async (headers: Record<string, string>) => {
    const res = await call(t, 'POST', '/payment/pay-online', headers, {
      slug: GIVING_SLUG,
      amount_cents: 2_500,
      donor: onlineDonor(`${randomUUID()}@example.org`),
      attestations: ALL_ATTESTATIONS,
      idempotency_key: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { order_id: string; payment_id: string } }>().data;
  };

  it('presigned_url answers a relative upload URL (never PUBLIC_URL), which takes the file', async () => {
    const owner = await demoSignIn(t, 'owner');
    const campaignId = t.seeded!.demoCampaign!.id;
    const csv = 'name,donor_email\nAda Relative,ada.relative@example.org\n';
    for (const host of ['127.0.0.1:3000', 'localhost:3000', '192.168.1.20:3000']) {
      const res = await call(t, 'POST', UPLOAD_PATHS.presignedUrl, { host }, { campaign_id: campaignId, file_name: 'donors.csv', file_size: Buffer.byteLength(csv) }, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      const signed = res.json<{ data: { url: string; headers: Record<string, string> } }>().data;
      expect(signed.url).toMatch(/^\/private-files\/upload\?token=/);
      const put = await t.app.inject({ method: 'PUT', url: signed.url, headers: { ...signed.headers, host }, payload: csv });
      expect(put.statusCode, put.body).toBe(201);
    }
  });

  it('a gift started at 127.0.0.1 comes back from PayPal to 127.0.0.1, one started at localhost to localhost (approve and cancel)', async () => {
    for (const host of ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000']) {
      const approved = await startGift({ host });
      expect(await giving.approve(approved.order_id)).toMatch(new RegExp(`^http://${host.replace(/[[\].]/g, '\\$&')}/payment-success\\?payment_id=${approved.payment_id}&`));
      const cancelled = await startGift({ host });
      expect(await giving.approve(cancelled.order_id, 'cancel')).toMatch(new RegExp(`^http://${host.replace(/[[\].]/g, '\\$&')}/payment-error\\?payment_id=${cancelled.payment_id}&reason=cancelled&`));
    }
  });

  it('the stand-in’s approval page may send its form on to the way back (form-action names that origin, and only it)', async () => {
    const started = await startGift({ host: 'localhost:5173' });
    const page = await t.app.inject({ method: 'GET', url: `/paypal-standin/checkoutnow?token=${started.order_id}`, headers: { accept: 'text/html', host: '127.0.0.1:3000' } });
    expect(page.statusCode).toBe(200);
    const formAction = /(?:^|;)\s*form-action ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1]?.trim().split(/\s+/);
    expect(formAction).toEqual(["'self'", 'http://localhost:5173']);
  });

  it('a hostile Host never becomes PayPal’s way back: PUBLIC_URL instead', async () => {
    for (const headers of HOSTILE) {
      const started = await startGift(headers);
      const back = await giving.approve(started.order_id);
      expect(back.startsWith(`${PUBLIC_URL}/payment-success?`), `${JSON.stringify(headers)} → ${back}`).toBe(true);
    }
  });

  it('e-mail links: the allowed address the request came to; a forged Host (Host-header injection) gets PUBLIC_URL', async () => {
    const email = `links-${randomUUID()}@example.org`;
    await signUpConfirmed(t, email);
    const allowed = await accountExistsMail(t, clock, email, { host: '127.0.0.1:3000' });
    expect(allowed).toContain('Sign in at http://127.0.0.1:3000/auth/login');
    expect(allowed).toContain('Choose a new one at http://127.0.0.1:3000/auth/recover-password');
    for (const headers of HOSTILE) {
      const victim = `victim-${randomUUID()}@example.org`;
      await signUpConfirmed(t, victim);
      const body = await accountExistsMail(t, clock, victim, headers);
      expect(body).toContain(`Choose a new one at ${PUBLIC_URL}/auth/recover-password`);
      expect(body).not.toContain('evil');
    }
  });

  it('the public page’s address shown to staff and the invitation link follow the allowed Host, never a hostile one', async () => {
    const owner = await demoSignIn(t, 'owner');
    const campaignId = t.seeded!.demoCampaign!.id;
    const publicUrl = async (headers: Record<string, string>) => {
      const res = await call(t, 'GET', CAMPAIGN_PATHS.getCampaign(campaignId), headers, undefined, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { public_url: string } }>().data.public_url;
    };
    expect(await publicUrl({ host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000/demo-campaign');
    expect(await publicUrl({ host: 'localhost:5173' })).toBe('http://localhost:5173/demo-campaign');
    for (const headers of HOSTILE) expect(await publicUrl(headers)).toBe(`${PUBLIC_URL}/demo-campaign`);

    const invite = async (headers: Record<string, string>) => {
      const email = `invited-${randomUUID()}@example.org`;
      const res = await call(t, 'POST', CAMPAIGN_PATHS.inviteMember, headers, { campaign_id: campaignId, email, role: 'staff' }, owner.token);
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await messagesTo(t, email);
      return /Accept the invitation: (\S+)/.exec(mail!.body)?.[1] ?? '';
    };
    expect(await invite({ host: '127.0.0.1:3000' })).toMatch(/^http:\/\/127\.0\.0\.1:3000\/campaign\?invitation=/);
    expect(await invite({ host: 'evil.example' })).toMatch(/^http:\/\/localhost:3000\/campaign\?invitation=/);
  });
});

describe('links in production (PUBLIC_URL https://donate.example.org)', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock, config: { nodeEnv: 'production', publicUrl: 'https://donate.example.org' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('PUBLIC_URL whatever the Host: loopback, an allowed-looking name or a hostile one', async () => {
    const owner = await demoSignIn(t, 'owner');
    const campaignId = t.seeded!.demoCampaign!.id;
    for (const headers of [{ host: '127.0.0.1:3000' }, { host: 'localhost:3000' }, ...HOSTILE]) {
      const res = await call(t, 'GET', CAMPAIGN_PATHS.getCampaign(campaignId), headers, undefined, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: { public_url: string } }>().data.public_url).toBe('https://donate.example.org/demo-campaign');
    }
    const email = `prod-${randomUUID()}@example.org`;
    await signUpConfirmed(t, email);
    const body = await accountExistsMail(t, clock, email, { host: '127.0.0.1:3000' });
    expect(body).toContain('Sign in at https://donate.example.org/auth/login');
    expect(body).not.toContain('127.0.0.1');
  });
});
