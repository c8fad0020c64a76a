/** The session record and other client flags kept in localStorage (SPEC §3). */

export const STORAGE_KEYS = {
  session: 'cdt.session',
  userData: 'cdt.userData',
  developer: 'cdt.developer',
  maintenanceOverride: 'cdt.maintenanceOverride',
} as const;

export type SigninSource = 'REGULAR' | 'AUTH0' | (string & {});

export interface SessionRecord {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  signinSource: SigninSource;
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null;
  }
}

export function readSession(): SessionRecord | null {
  const value = parse<Partial<SessionRecord>>(localStorage.getItem(STORAGE_KEYS.session));
  if (!value || typeof value.idToken !== 'string' || value.idToken === '') return null;
  return {
    accessToken: value.accessToken ?? '',
    idToken: value.idToken,
    refreshToken: value.refreshToken ?? '',
    signinSource: value.signinSource ?? 'REGULAR',
  };
}

/** The user id (`sub`) carried by the stored idToken, if it is a readable JWT. */
export function sessionUserId(): string | null {
  const idToken = readSession()?.idToken;
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub: unknown = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

export function hasSession(): boolean {
  return readSession() !== null;
}

export function writeSession(record: SessionRecord): void {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(record));
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify({ idToken: record.idToken }));
}

/** Updates the tokens of the stored record after a refresh, keeping the rest. */
export function updateSessionTokens(tokens: { accessToken: string; idToken: string; refreshToken?: string }): void {
  const current = readSession();
  writeSession({
    accessToken: tokens.accessToken,
    idToken: tokens.idToken,
    refreshToken: tokens.refreshToken ?? current?.refreshToken ?? '',
    signinSource: current?.signinSource ?? 'REGULAR',
  });
}

export function isDeveloper(): boolean {
  return localStorage.getItem(STORAGE_KEYS.developer) === 'true';
}

export function isMaintenanceOverridden(): boolean {
  return localStorage.getItem(STORAGE_KEYS.maintenanceOverride) === 'true';
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    document.cookie = `${expired}; path=/`;
    document.cookie = expired;
  }
}

/** Logout / expired session: localStorage, sessionStorage and every cookie. */
export function clearAllClientState(): void {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
}
