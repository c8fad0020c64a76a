/**
 * A minimal OpenID Connect client (authorization code + PKCE, client_secret_post): discovery from
 * `<issuer>/.well-known/openid-configuration` (cached an hour), the code exchange, and id_token
 * verification against the provider's JWKS (jose createRemoteJWKSet): signature, iss, aud, exp.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { SocialProviderConfig } from '../../config';

export interface OidcDiscovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

export class OidcError extends Error {
  override name = 'OidcError';
}

const FETCH_TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 60 * 60_000;
const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

const discoveries = new Map<string, { at: number; value: OidcDiscovery }>();
const jwksByUri = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export async function discover(issuer: string): Promise<OidcDiscovery> {
  const cached = discoveries.get(issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.value;
  const response = await fetch(`${trimSlash(issuer)}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new OidcError(`discovery failed: ${(error as Error).message}`);
  });
  if (!response.ok) throw new OidcError(`discovery answered ${response.status}`);
  const doc = (await response.json()) as Partial<OidcDiscovery>;
  for (const key of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof doc[key] !== 'string' || doc[key] === '') throw new OidcError(`discovery has no ${key}`);
  }
  if (trimSlash(doc.issuer!) !== trimSlash(issuer)) throw new OidcError('discovery issuer does not match the configured issuer');
  const value = doc as OidcDiscovery;
  discoveries.set(issuer, { at: Date.now(), value });
  return value;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export function authorizationUrl(discovery: OidcDiscovery, provider: SocialProviderConfig, request: AuthorizationRequest): string {
  const url = new URL(discovery.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', request.state);
  url.searchParams.set('nonce', request.nonce);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

export interface IdTokenClaims extends JWTPayload {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  nonce?: string;
}

/** Exchanges the code and returns the verified id_token claims (nonce checked). */
export async function exchangeCode(
  discovery: OidcDiscovery,
  provider: SocialProviderConfig,
  exchange: { code: string; redirectUri: string; codeVerifier: string; nonce: string; now: Date },
): Promise<IdTokenClaims> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    code_verifier: exchange.codeVerifier,
  });
  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form,
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new OidcError(`token request failed: ${(error as Error).message}`);
  });
  const body = (await response.json().catch(() => ({}))) as { id_token?: unknown; access_token?: unknown; error?: unknown };
  if (!response.ok || typeof body.id_token !== 'string') throw new OidcError(`token endpoint answered ${response.status} ${String(body.error ?? '')}`.trim());

  let jwks = jwksByUri.get(discovery.jwks_uri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS });
    jwksByUri.set(discovery.jwks_uri, jwks);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(body.id_token, jwks, {
      issuer: discovery.issuer,
      audience: provider.clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      currentDate: exchange.now,
      clockTolerance: 60,
    }));
  } catch (error) {
    throw new OidcError(`id_token rejected: ${(error as Error).message}`);
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new OidcError('id_token has no sub');
  if (payload.nonce !== exchange.nonce) throw new OidcError('id_token nonce does not match');
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId) throw new OidcError('id_token azp does not match');
  const claims = payload as IdTokenClaims;
  // Providers that follow the spec strictly keep scope claims (email, name) for the userinfo endpoint.
  if (claims.email === undefined && discovery.userinfo_endpoint && typeof body.access_token === 'string') {
    return { ...(await userinfo(discovery.userinfo_endpoint, body.access_token, claims.sub)), ...claims };
  }
  return claims;
}

const USERINFO_CLAIMS = ['email', 'email_verified', 'name', 'given_name', 'family_name', 'picture'] as const;

/** Profile claims from the userinfo endpoint; its `sub` must be the id_token's. */
async function userinfo(endpoint: string, accessToken: string, sub: string): Promise<Partial<IdTokenClaims>> {
  const response = await fetch(endpoint, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new OidcError(`userinfo request failed: ${(error as Error).message}`);
  });
  if (!response.ok) throw new OidcError(`userinfo answered ${response.status}`);
  const info = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (info.sub !== sub) throw new OidcError('userinfo sub does not match the id_token');
  const picked: Record<string, unknown> = {};
  for (const key of USERINFO_CLAIMS) if (info[key] !== undefined) picked[key] = info[key];
  return picked as Partial<IdTokenClaims>;
}
