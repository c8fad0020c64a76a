import type { DestinationInput } from '../../../domain/auth/api-contract';
import type { CodeFlowData } from '../../lib/auth-flow-storage';

/** E-mail or mobile number: the two ways an account is addressed. */
export type DestinationMode = 'email' | 'mobile';

export function toDestination(mode: DestinationMode, value: string): DestinationInput {
  const trimmed = value.trim();
  return mode === 'email' ? { email: trimmed } : { phone: trimmed };
}

export function destinationFromFlow(data: CodeFlowData | null): DestinationInput | null {
  if (data?.email) return { email: data.email };
  if (data?.phone) return { phone: data.phone };
  return null;
}

/** `?email=` or `?phone=` of the current URL. */
export function destinationFromQuery(params: URLSearchParams): DestinationInput | null {
  const email = params.get('email')?.trim();
  if (email) return { email };
  const phone = params.get('phone')?.trim();
  if (phone) return { phone };
  return null;
}

export function destinationText(destination: DestinationInput): string {
  return destination.email ?? destination.phone ?? '';
}
