/**
 * A fresh idempotency key (uuid v4) for one press of Buy. `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); over plain http on the local network the key comes from
 * `crypto.getRandomValues`. (The same helper as payments/idempotency-key.ts: features do not import
 * each other; it belongs in lib/ once both settle.)
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
