import { logoutDestination } from './logout-url';

const cfg = { socialLogoutUrl: 'https://id.example.org/logout', auth0ClientId: 'client-1', webBaseUrl: 'https://app.example.org' };

describe('logoutDestination', () => {
  it('sends REGULAR sessions to the login page', () => {
    expect(logoutDestination('REGULAR', cfg)).toBe('/auth/login');
  });

  it('uses the linkedin-logout return path with the client id for AUTH0', () => {
    expect(logoutDestination('AUTH0', cfg)).toBe(
      `https://id.example.org/logout/linkedin-logout?client_id=client-1&returnTo=${encodeURIComponent('https://app.example.org/auth/login')}`,
    );
  });

  it('uses the provider logout address for other social sources', () => {
    expect(logoutDestination('Google', cfg)).toBe(
      `https://id.example.org/logout?client_id=client-1&logout_uri=${encodeURIComponent('https://app.example.org/auth/login')}`,
    );
  });

  it('falls back to login when no logout address is configured', () => {
    expect(logoutDestination('AUTH0', { ...cfg, socialLogoutUrl: '' })).toBe('/auth/login');
  });
});
