/** Validated VITE_* configuration. Read once at start-up; every other module imports `config`. */

type RawEnv = Record<string, string | boolean | undefined>;

function str(env: RawEnv, key: string, fallback: string): string {
  const value = env[key];
  if (typeof value !== 'string') return fallback;
  const trimmed = value.trim();
  return trimmed === '' ? fallback : trimmed;
}

function bool(env: RawEnv, key: string, fallback: boolean): boolean {
  const value = str(env, key, String(fallback)).toLowerCase();
  if (value !== 'true' && value !== 'false') {
    throw new Error(`Invalid ${key}: expected 'true' or 'false', got '${value}'`);
  }
  return value === 'true';
}

function url(env: RawEnv, key: string, fallback: string): string {
  const value = str(env, key, fallback);
  if (value === '') return '';
  if (!/^https?:\/\//i.test(value) && !value.startsWith('/')) {
    throw new Error(`Invalid ${key}: expected an absolute http(s) URL or a path, got '${value}'`);
  }
  return value.replace(/\/+$/, '');
}

export interface AppConfig {
  /** '' means same origin as the SPA. */
  apiBaseUrl: string;
  companyName: string;
  appEnv: string;
  maintenance: boolean;
  paymentProvider: string;
  packagePurchaseType: string;
  webBaseUrl: string;
  bucketBaseUrl: string;
  socketUrl: string;
  socialLoginUrl: string;
  socialLogoutUrl: string;
  auth0ClientId: string;
  version: string;
}

export function readConfig(env: RawEnv): AppConfig {
  const origin = typeof window !== 'undefined' ? window.location.origin : '';
  return Object.freeze({
    apiBaseUrl: url(env, 'VITE_API_BASE_URL', ''),
    companyName: str(env, 'VITE_COMPANY_NAME', 'Campaign Donation Tracker'),
    appEnv: str(env, 'VITE_APP_ENV', 'development'),
    maintenance: bool(env, 'VITE_MAINTENANCE', false),
    paymentProvider: str(env, 'VITE_PAYMENT_PROVIDER', 'paypal'),
    packagePurchaseType: str(env, 'VITE_PACKAGE_PURCHASE_TYPE', 'PACKAGE'),
    webBaseUrl: url(env, 'VITE_WEB_BASE_URL', origin),
    // The server serves stored files (profile pictures …) at /files/<key>.
    bucketBaseUrl: url(env, 'VITE_BUCKET_BASE_URL', '/files'),
    socketUrl: url(env, 'VITE_SOCKET_URL', ''),
    socialLoginUrl: url(env, 'VITE_SOCIAL_LOGIN_URL', ''),
    socialLogoutUrl: url(env, 'VITE_SOCIAL_LOGOUT_URL', ''),
    auth0ClientId: str(env, 'VITE_AUTH0_CLIENT_ID', ''),
    version: str(env, 'VITE_APP_VERSION', '0.1.0'),
  });
}

export const config: AppConfig = readConfig(import.meta.env as RawEnv);
