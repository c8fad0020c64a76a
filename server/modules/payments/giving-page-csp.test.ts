/**
 * PayPal's JS SDK buttons run on the public giving page /{slug} only: its document's
 * Content-Security-Policy lets in PayPal's script, frames, calls and images, and its opener policy
 * keeps PayPal's popup able to answer; every other response keeps the site policy.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurity } from '../../plugins/security';
import { testConfig } from '../../test/test-config';

const PAYPAL = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function headersOf(url: string, accept = HTML, method: 'GET' | 'HEAD' | 'POST' = 'GET') {
  const app = Fastify();
  await registerSecurity(app, testConfig({ publicUrl: 'https://donate.example.org' }));
  app.all('*', async () => 'page');
  const res = await app.inject({ method, url, headers: { accept } });
  await app.close();
  const csp = Object.fromEntries(
    String(res.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;
  return { csp, coop: res.headers['cross-origin-opener-policy'] };
}

describe("the giving page's Content-Security-Policy", () => {
  it.each(['/demo-campaign', '/Demo-Campaign/', '/friends-of-ana-2029?utm_source=mail', '/abc', '/pay-your-donation?token=x'])('lets PayPal in on %s', async (url) => {
    const { csp, coop } = await headersOf(url);
    expect(csp['script-src']).toEqual(["'self'", ...PAYPAL]);
    expect(csp['frame-src']).toEqual(["'self'", ...PAYPAL]);
    expect(csp['connect-src']).toEqual(["'self'", ...PAYPAL]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', ...PAYPAL]);
    // The rest of the site policy stays.
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(coop).toBe('same-origin-allow-popups');
  });

  it.each([
    ['an SPA route', '/dashboard', HTML, 'GET'],
    ['the success page', '/payment-success?payment_id=x&token=y', HTML, 'GET'],
    ['a route with an underscore', '/payment_gateway', HTML, 'GET'],
    ['a nested path', '/donor-list/123', HTML, 'GET'],
    ['the home page', '/', HTML, 'GET'],
    ['an API answer', '/demo-campaign', 'application/json', 'GET'],
    ['a POST', '/demo-campaign', HTML, 'POST'],
  ] as const)('keeps the site policy for %s', async (_name, url, accept, method) => {
    const { csp, coop } = await headersOf(url, accept, method);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toBeUndefined();
    expect(Object.values(csp).flat().some((value) => value.includes('paypal'))).toBe(false);
    expect(coop).toBe('same-origin');
  });
});
