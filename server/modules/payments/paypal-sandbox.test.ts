/**
 * The same PayPal client against PayPal's own sandbox, when PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET are
 * set (skipped otherwise: CI has no credentials). What can run without a buyer approving in a browser:
 * the token, an order made twice with one PayPal-Request-Id (one order), reading it back, a capture
 * refused before approval, and a forged webhook refused by verify-webhook-signature.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPaypalClient, PaypalError } from './paypal-client';

const clientId = process.env.PAYPAL_CLIENT_ID;
const clientSecret = process.env.PAYPAL_CLIENT_SECRET;
const baseUrl = process.env.PAYPAL_SANDBOX_BASE_URL ?? 'https://api-m.sandbox.paypal.com';

describe.skipIf(!clientId || !clientSecret)('PayPal sandbox (same client code)', () => {
  const client = createPaypalClient({ baseUrl, clientId: clientId ?? '', clientSecret: clientSecret ?? '', fetch: (url, init) => fetch(url, init), timeoutMs: 20_000 });

  it('creates one order per request id, reads it, and refuses to capture it before approval', async () => {
    const requestId = `order-${randomUUID()}`;
    const input = {
      requestId,
      amountCents: 2_500,
      customId: randomUUID(),
      invoiceId: randomUUID(),
      description: 'Sandbox test contribution',
      brandName: 'Campaign Donation Tracker tests',
      returnUrl: 'https://example.com/payment-success',
      cancelUrl: 'https://example.com/payment-error',
    };
    const first = await client.createOrder(input);
    const again = await client.createOrder(input);
    expect(again.id).toBe(first.id);
    expect((await client.getOrder(first.id)).id).toBe(first.id);
    await expect(client.captureOrder(first.id, `capture-${randomUUID()}`)).rejects.toBeInstanceOf(PaypalError);
  }, 60_000);

  it('does not verify a forged webhook', async () => {
    const ok = await client
      .verifyWebhook({
        headers: { 'paypal-transmission-id': randomUUID(), 'paypal-transmission-time': new Date().toISOString(), 'paypal-transmission-sig': 'forged', 'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT', 'paypal-auth-algo': 'SHA256withRSA' },
        webhookId: process.env.PAYPAL_WEBHOOK_ID ?? 'WH-NONE',
        event: { id: 'WH-FORGED', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} },
      })
      .catch(() => false);
    expect(ok).toBe(false);
  }, 60_000);
});
