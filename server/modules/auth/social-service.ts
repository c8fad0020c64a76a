/**
 * Social sign-in (OIDC authorization code + PKCE). social-signin stores state, nonce and the PKCE
 * verifier (10 minutes, single use) and answers the provider's authorization URL; /oauth2/token
 * spends the state, exchanges the code, verifies the id_token and signs the user in.
 * Identity: (provider, sub) is unique. A new identity links to the account with the same e-mail
 * when the provider says the e-mail is verified; otherwise a new account is created, pending admin
 * approval like every sign-up (active with AUTO_APPROVE_USERS). Platform administrators may not
 * use social sign-in (SOCIAL_LOGIN_ROLE_BLOCKED): their accounts are never linked.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SigninData, SigninSource, SocialProvider, SocialSigninData } from '../../../domain/auth/api-contract';
import { EMAIL_PATTERN, NAME_MAX_LENGTH } from '../../../domain/validation/auth';
import type { SocialProviderConfig } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import { fail } from '../../plugins/errors';
import { findUserByAttribute, findUserById, insertUser, transitionUserStatus, type UserRow } from '../users/repository';
import { authorizationUrl, discover, exchangeCode, OidcError, type IdTokenClaims } from './oidc-client';
import { assertCanSignIn, startSession } from './session-service';
import { consumeOAuthState, findIdentity, insertIdentity, insertOAuthState } from './social-repository';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
const SOURCES: Record<SocialProvider, SigninSource> = { google: 'GOOGLE', auth0: 'AUTH0' };

const sha256 = (text: string, encoding: 'hex' | 'base64url') => createHash('sha256').update(text).digest(encoding);

function providerConfig(app: FastifyInstance, provider: string): SocialProviderConfig {
  const config = app.config.socialProviders[provider as SocialProvider];
  if (!config) throw fail(400, 'SOCIAL_PROVIDER_NOT_CONFIGURED');
  return config;
}

/** The provider sends the browser back to this site: PUBLIC_URL, or the (allowed) address the app was opened at (plugins/link-origin.ts). */
function assertOwnRedirect(app: FastifyInstance, redirectUri: string, origin: string): void {
  const target = new URL(redirectUri).origin;
  if (target !== new URL(app.config.publicUrl).origin && target !== new URL(origin).origin) {
    throw fail(400, 'VALIDATION_ERROR', { in: 'body', fields: { redirect_uri: 'Redirect address must be on this site' } });
  }
}

export async function startSocialSignin(app: FastifyInstance, provider: SocialProvider, redirectUri: string, origin: string): Promise<SocialSigninData> {
  const config = providerConfig(app, provider);
  assertOwnRedirect(app, redirectUri, origin);
  const discovery = await discover(config.issuer).catch((error: unknown) => {
    app.log.warn({ provider, err: (error as Error).message }, 'social sign-in: discovery failed');
    throw fail(502, 'SOCIAL_SIGNIN_FAILED');
  });
  const now = app.clock.now();
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  await insertOAuthState(app.db, {
    stateHash: sha256(state, 'hex'),
    provider,
    redirectUri,
    nonce,
    codeVerifier,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
  });
  return { authorization_url: authorizationUrl(discovery, config, { redirectUri, state, nonce, codeChallenge: sha256(codeVerifier, 'base64url') }) };
}

function claimedEmail(claims: IdTokenClaims): { email: string | null; verified: boolean } {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || email.length > 254 || !EMAIL_PATTERN.test(email)) return { email: null, verified: false };
  return { email, verified: claims.email_verified === true || claims.email_verified === 'true' };
}

const cleanName = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, NAME_MAX_LENGTH) : '');

/** The account of an identity: existing, linked by verified e-mail, or new. */
async function resolveUser(app: FastifyInstance, provider: SocialProvider, claims: IdTokenClaims): Promise<UserRow> {
  const identity = await findIdentity(app.db, provider, claims.sub);
  if (identity) {
    const user = await findUserById(app.db, identity.userId);
    if (user) return user;
  }
  const now = app.clock.now();
  const { email, verified } = claimedEmail(claims);
  const approvedStatus = app.config.autoApproveUsers ? 'active' : 'pending';
  try {
    return await app.db.transaction(async (tx) => {
      let user = verified && email ? await findUserByAttribute(tx, 'email', email) : null;
      if (user?.isPlatformAdmin) throw fail(403, 'SOCIAL_LOGIN_ROLE_BLOCKED');
      if (user?.status === 'unconfirmed') {
        // The provider proved the address: the sign-up counts as confirmed.
        user = (await transitionUserStatus(tx, user.id, ['unconfirmed'], { status: approvedStatus, emailVerifiedAt: now }, now)) ?? user;
      }
      if (!user) {
        user = await insertUser(tx, {
          email: verified ? email : null,
          emailVerifiedAt: verified ? now : null,
          name: cleanName(claims.name ?? claims.given_name),
          lastName: cleanName(claims.family_name),
          profilePicture: typeof claims.picture === 'string' && claims.picture.length <= 2048 ? claims.picture : null,
          status: approvedStatus,
          createdAt: now,
          updatedAt: now,
        });
      }
      await insertIdentity(tx, { userId: user.id, provider, subject: claims.sub, email, createdAt: now });
      return user;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two sign-ins of the same identity at once: the other one created it.
    const created = await findIdentity(app.db, provider, claims.sub);
    const user = created ? await findUserById(app.db, created.userId) : null;
    if (!user) throw fail(400, 'SOCIAL_SIGNIN_FAILED');
    return user;
  }
}

export interface OAuthTokenInput {
  code: string;
  state: string;
  redirectUri: string;
}

/** POST /oauth2/token: 400 LINK_EXPIRED for an unknown, spent or expired state or another redirect_uri. */
export async function completeSocialSignin(app: FastifyInstance, input: OAuthTokenInput): Promise<SigninData> {
  const now = app.clock.now();
  const state = await consumeOAuthState(app.db, sha256(input.state, 'hex'), now);
  if (!state || state.redirectUri !== input.redirectUri) throw fail(400, 'LINK_EXPIRED');
  const provider = state.provider as SocialProvider;
  const config = providerConfig(app, provider);

  let claims: IdTokenClaims;
  try {
    const discovery = await discover(config.issuer);
    claims = await exchangeCode(discovery, config, { code: input.code, redirectUri: state.redirectUri, codeVerifier: state.codeVerifier, nonce: state.nonce, now });
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    app.log.warn({ provider, err: error.message }, 'social sign-in failed');
    throw fail(400, 'SOCIAL_SIGNIN_FAILED');
  }

  const user = await resolveUser(app, provider, claims);
  if (user.isPlatformAdmin) throw fail(403, 'SOCIAL_LOGIN_ROLE_BLOCKED');
  assertCanSignIn(user);
  return startSession(app, user, SOURCES[provider]);
}
