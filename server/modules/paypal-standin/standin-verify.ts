/**
 * POST /v1/notifications/verify-webhook-signature: SUCCESS when the headers a delivery carried sign
 * `JSON.stringify(webhook_event)` (the event as received, keys in the order they came) for the caller's
 * webhook id (standinWebhookId of its client id) with the stand-in's RSA key; FAILURE otherwise. Like
 * PayPal, a malformed request is a 400, a wrong signature only a FAILURE. (PayPal's own call also
 * re-serialises the event, which is why the product checks the raw bytes itself: webhook-signature.ts.)
 */
import type { Standin } from './standin-context';
import { issues, paypalError } from './standin-errors';
import { isObject, type Json } from './standin-input';
import { AUTH_ALGO, certUrl, signatureMatches, standinWebhookId } from './standin-signature';

const FIELDS = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;

export async function verifyWebhookSignature(standin: Standin, clientId: string, body: Json): Promise<{ verification_status: 'SUCCESS' | 'FAILURE' }> {
  const text: Record<(typeof FIELDS)[number], string> = { auth_algo: '', cert_url: '', transmission_id: '', transmission_sig: '', transmission_time: '', webhook_id: '' };
  for (const field of FIELDS) {
    const value = body[field];
    if (value === undefined || value === null || value === '') throw paypalError(400, [issues.missing(`/${field}`)]);
    if (typeof value !== 'string' || value.length > 4096) throw paypalError(400, [issues.syntax(`/${field}`, value)]);
    text[field] = value;
  }
  if (!isObject(body.webhook_event)) throw paypalError(400, [issues.missing('/webhook_event')]);

  const ok =
    text.auth_algo === AUTH_ALGO &&
    text.cert_url === certUrl(standin.base) &&
    text.webhook_id === standinWebhookId(clientId) &&
    (await signatureMatches(
      standin.app,
      { transmissionId: text.transmission_id, transmissionTime: text.transmission_time, webhookId: text.webhook_id, rawBody: JSON.stringify(body.webhook_event) },
      text.transmission_sig,
    ));
  return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
}
