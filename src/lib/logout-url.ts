import type { AppConfig } from '../config/env';
import { paths } from '../config/paths';

/**
 * Where a signed-out user goes (SPEC §4). REGULAR: the login page. Social identity providers:
 * the provider's logout address with a return address to login; AUTH0 uses the
 * '/linkedin-logout' return path carrying the client id. Without VITE_SOCIAL_LOGOUT_URL: login.
 */
export function logoutDestination(signinSource: string, cfg: Pick<AppConfig, 'socialLogoutUrl' | 'auth0ClientId' | 'webBaseUrl'>): string {
  if (signinSource === 'REGULAR' || !cfg.socialLogoutUrl) return paths.login;
  const loginUrl = `${cfg.webBaseUrl}${paths.login}`;
  const clientId = encodeURIComponent(cfg.auth0ClientId);
  if (signinSource === 'AUTH0') {
    return `${cfg.socialLogoutUrl}${paths.linkedinLogout}?client_id=${clientId}&returnTo=${encodeURIComponent(loginUrl)}`;
  }
  return `${cfg.socialLogoutUrl}?client_id=${clientId}&logout_uri=${encodeURIComponent(loginUrl)}`;
}
