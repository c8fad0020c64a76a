/** An e-mail address or a 10-digit mobile number, normalised, with its delivery channel. */
export interface Destination {
  attribute: 'email' | 'phone';
  channel: 'email' | 'sms';
  value: string;
}

/** From a body validated by a `withDestination` schema: exactly one of email / phone is present. */
export function toDestination(input: { email?: string | null; phone?: string | null }): Destination {
  if (input.email) return { attribute: 'email', channel: 'email', value: input.email.trim().toLowerCase() };
  return { attribute: 'phone', channel: 'sms', value: String(input.phone).replace(/\D/g, '') };
}

export function emailDestination(email: string): Destination {
  return { attribute: 'email', channel: 'email', value: email.trim().toLowerCase() };
}

/** `j***@example.org`, `******7890`. */
export function maskDestination(destination: Destination): string {
  if (destination.attribute === 'phone') return `${'*'.repeat(Math.max(0, destination.value.length - 4))}${destination.value.slice(-4)}`;
  const at = destination.value.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${destination.value[0]}***${destination.value.slice(at)}`;
}

/** The key failed attempts are counted under (per address, all purposes). */
export function targetKey(destination: Destination): string {
  return `${destination.attribute}:${destination.value}`;
}
