/**
 * A fresh idempotency key (uuid v4) for one press of Pay or Buy. `crypto.randomUUID` exists only in
 * secure contexts (https, localhost); a page opened over plain http on the local network (HOST=0.0.0.0)
 * gets the same kind of key from `crypto.getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Axios options carrying a fresh `Idempotency-Key` for one submission of a form that moves money
 * (add a donation, a pledge, a refund, an expense): a resend of that request (e.g. after the token is
 * refreshed) carries the same key, so the server records it once (issue 29 point 11).
 */
export function idempotencyHeaders(key: string = newIdempotencyKey()): { headers: Record<string, string> } {
  return { headers: { 'Idempotency-Key': key } };
}
