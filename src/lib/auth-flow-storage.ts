import { PENDING_REDIRECT_KEY } from './pending-redirect';

/**
 * Short-lived data of the sign-up and password-recovery flows, kept in sessionStorage (this tab
 * only) so a reload of the code page keeps the address. Logout clears sessionStorage entirely.
 */

export const FLOW_KEYS = {
  register: 'cdt.register',
  recover: 'cdt.recover',
  redirectTo: PENDING_REDIRECT_KEY,
} as const;

export interface CodeFlowData {
  email?: string;
  phone?: string;
  /** The masked address the server sent the code to. */
  destination?: string;
  /** Epoch ms after which another code may be requested. */
  resendAt?: number;
}

function read(key: string): CodeFlowData | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? (value as CodeFlowData) : null;
  } catch {
    return null;
  }
}

export const registerData = {
  read: () => read(FLOW_KEYS.register),
  write: (data: CodeFlowData) => sessionStorage.setItem(FLOW_KEYS.register, JSON.stringify(data)),
  clear: () => sessionStorage.removeItem(FLOW_KEYS.register),
};

export const recoverData = {
  read: () => read(FLOW_KEYS.recover),
  write: (data: CodeFlowData) => sessionStorage.setItem(FLOW_KEYS.recover, JSON.stringify(data)),
  clear: () => sessionStorage.removeItem(FLOW_KEYS.recover),
};

/** Clears every flow key (after sign-in and on logout). */
export function clearAuthFlowData(): void {
  Object.values(FLOW_KEYS).forEach((key) => sessionStorage.removeItem(key));
}

/** Seconds left before a new code may be requested. */
export function secondsUntil(resendAt: number | undefined, now = Date.now()): number {
  if (!resendAt) return 0;
  return Math.max(0, Math.ceil((resendAt - now) / 1000));
}

/** The epoch ms at which a code answered with `resend_in` seconds may be requested again. */
export function resendAtFrom(resendIn: number | undefined, now = Date.now()): number {
  return now + Math.max(0, resendIn ?? 0) * 1000;
}
