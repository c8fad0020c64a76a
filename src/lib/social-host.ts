import type { AppConfig } from '../config/env';

/**
 * SPEC §7: social sign-in uses a separate host. With VITE_SOCIAL_LOGIN_URL set, the social
 * sign-in start and the token exchange (/oauth2/token) go there; without it, to the main API
 * (this server answers both).
 */
export function socialHostUrl(path: string, cfg: Pick<AppConfig, 'socialLoginUrl'>): string {
  return cfg.socialLoginUrl ? `${cfg.socialLoginUrl.replace(/\/+$/, '')}${path}` : path;
}
