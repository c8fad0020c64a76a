import type { SessionUser, SigninData, UserView } from '../../domain/auth/api-contract';

/** A JWT-shaped token whose payload carries `sub` (the SPA only reads it, never verifies it). */
export function fakeIdToken(sub: string): string {
  const payload = btoa(JSON.stringify({ sub, token_use: 'id' })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

export const TEST_USER: SessionUser = {
  userId: '5d0b7a5e-0000-4000-8000-000000000001',
  name: 'Jane',
  last_name: 'Roe',
  email: 'jane@example.org',
  phone: null,
  is_profile_updated: 1,
  profile_picture: null,
  is_platform_admin: false,
};

export function userView(overrides: Partial<UserView> = {}): UserView {
  return { ...TEST_USER, status: 'active', created_at: '2025-01-02T10:00:00.000Z', ...overrides };
}

export function signinData(overrides: Partial<SigninData> = {}, user: Partial<SessionUser> = {}): SigninData {
  return {
    accessToken: 'access-new',
    idToken: fakeIdToken(TEST_USER.userId),
    refreshToken: 'refresh-new',
    signinSource: 'REGULAR',
    user: { ...TEST_USER, ...user },
    ...overrides,
  };
}
