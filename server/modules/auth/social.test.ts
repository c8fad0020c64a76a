import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities, users } from '../../db/schema';
import { A, adminSignIn, get, post } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const CLIENT_ID = 'cdt-test-client';
const CLIENT_SECRET = 'cdt-test-secret';
const REDIRECT_URI = 'http://localhost:3000/auth/social-login-int';

interface Grant {
  sub: string;
  email: string;
  emailVerified: boolean;
  /** Keep email out of the id_token: only the userinfo endpoint has it. */
  userinfoOnly: boolean;
  nonce: string;
  codeChallenge: string;
  redirectUri: string;
}

/** A tiny OpenID provider: discovery, JWKS and a token endpoint that checks PKCE and the client. */
async function startFakeProvider() {
  const app: FastifyInstance = Fastify();
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  let signingKey: CryptoKey = privateKey;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
  let issuer = '';
  app.get('/.well-known/openid-configuration', async () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    userinfo_endpoint: `${issuer}/userinfo`,
  }));
  app.get('/userinfo', async (request, reply) => {
    const grant = accessTokens.get(String(request.headers.authorization).replace(/^Bearer /, ''));
    if (!grant) return reply.code(401).send({ error: 'invalid_token' });
    return { sub: grant.sub, email: grant.email, email_verified: grant.emailVerified, name: 'Userinfo Person' };
  });
  app.get('/jwks', async () => ({ keys: [jwk] }));
  app.post('/token', async (request, reply) => {
    const form = request.body as Record<string, string>;
    const grant = grants.get(form.code);
    grants.delete(form.code);
    const challenge = createHash('sha256').update(form.code_verifier ?? '').digest('base64url');
    if (!grant || form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET || challenge !== grant.codeChallenge || form.redirect_uri !== grant.redirectUri) {
      return reply.code(400).send({ error: 'invalid_grant' });
    }
    const profile = grant.userinfoOnly ? {} : { email: grant.email, email_verified: grant.emailVerified, name: 'Social Person' };
    const idToken = await new SignJWT({ nonce: grant.nonce, ...profile })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(issuer)
      .setAudience(CLIENT_ID)
      .setSubject(grant.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(signingKey);
    const accessToken = randomUUID();
    accessTokens.set(accessToken, grant);
    return { access_token: accessToken, token_type: 'Bearer', id_token: idToken };
  });
  issuer = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    issuer,
    /** What a user logging in at the provider would produce: a code bound to the authorization request. */
    authorize(authorizationUrl: string, user: { sub: string; email: string; emailVerified?: boolean; userinfoOnly?: boolean }) {
      const url = new URL(authorizationUrl);
      const code = randomUUID();
      grants.set(code, {
        sub: user.sub,
        email: user.email,
        emailVerified: user.emailVerified ?? true,
        userinfoOnly: user.userinfoOnly ?? false,
        nonce: url.searchParams.get('nonce')!,
        codeChallenge: url.searchParams.get('code_challenge')!,
        redirectUri: url.searchParams.get('redirect_uri')!,
      });
      return { code, state: url.searchParams.get('state')! };
    },
    async useForeignKey() {
      signingKey = (await generateKeyPair('RS256')).privateKey;
    },
    close: () => app.close(),
  };
}

describe('social sign-in (OIDC authorization code + PKCE)', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await buildTestApp({
      seed: true,
      config: { socialProviders: { google: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer: provider.issuer } } },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  async function start(): Promise<string> {
    const res = await post(t, `${A}/social-signin`, { provider: 'google', redirect_uri: REDIRECT_URI });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.authorization_url as string;
  }

  function exchange(fields: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  it('social-signin answers the provider authorization URL with state, nonce and an S256 PKCE challenge', async () => {
    const url = new URL(await start());
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[\w-]{40,}$/),
      nonce: expect.any(String),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it('a state that was never issued (or another redirect_uri) is refused', async () => {
    const { code } = provider.authorize(await start(), { sub: 'x', email: 'x@example.org' });
    const res = await exchange({ grant_type: 'authorization_code', code, state: 'forged-state', redirect_uri: REDIRECT_URI });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'LINK_EXPIRED', message: 'Link expired' });

    const second = provider.authorize(await start(), { sub: 'x', email: 'x@example.org' });
    const otherRedirect = await exchange({ grant_type: 'authorization_code', code: second.code, state: second.state, redirect_uri: 'http://localhost:3000/elsewhere' });
    expect(otherRedirect.json().code).toBe('LINK_EXPIRED');
  });

  it('a valid code creates one identity (pending approval); after approval a second sign-in reuses it', async () => {
    const first = provider.authorize(await start(), { sub: 'google-sub-1', email: 'Social@Example.org' });
    const pending = await exchange({ grant_type: 'authorization_code', ...first, redirect_uri: REDIRECT_URI });
    expect(pending.statusCode).toBe(403);
    expect(pending.json().code).toBe('ADMIN_APPROVAL_REQUIRED');
    const identities = await t.db.select().from(userIdentities).where(eq(userIdentities.subject, 'google-sub-1'));
    expect(identities).toHaveLength(1);
    const [user] = await t.db.select().from(users).where(eq(users.id, identities[0].userId));
    expect(user).toMatchObject({ email: 'social@example.org', status: 'pending', name: 'Social Person' });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);

    // The same state cannot be used twice.
    expect((await exchange({ grant_type: 'authorization_code', ...first, redirect_uri: REDIRECT_URI })).json().code).toBe('LINK_EXPIRED');

    const admin = await adminSignIn(t);
    expect((await post(t, `/auth/admin/update_user_status/${user.id}`, { action: 'approve' }, admin.idToken)).statusCode).toBe(200);

    const second = provider.authorize(await start(), { sub: 'google-sub-1', email: 'social@example.org' });
    const res = await exchange({ grant_type: 'authorization_code', ...second, redirect_uri: REDIRECT_URI });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message_code: 'SIGN_IN_SUCCESS',
      data: { signinSource: 'GOOGLE', accessToken: expect.any(String), idToken: expect.any(String), refreshToken: expect.any(String), user: { userId: user.id } },
    });
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id))).toHaveLength(1);
    expect((await get(t, `/auth/users/${user.id}`, res.json().data.idToken)).statusCode).toBe(200);
  });

  it('a verified e-mail links to the existing account; platform administrators are refused (SOCIAL_LOGIN_ROLE_BLOCKED)', async () => {
    const demo = provider.authorize(await start(), { sub: 'google-demo', email: 'owner@demo.campaign' });
    const res = await exchange({ grant_type: 'authorization_code', ...demo, redirect_uri: REDIRECT_URI });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.userId).toBe(t.seeded?.demoOwner?.id);

    const admin = provider.authorize(await start(), { sub: 'google-admin', email: t.app.config.adminEmail });
    const refused = await exchange({ grant_type: 'authorization_code', ...admin, redirect_uri: REDIRECT_URI });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SOCIAL_LOGIN_ROLE_BLOCKED');
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.subject, 'google-admin'))).toHaveLength(0);
  });

  it('claims missing from the id_token are read from the userinfo endpoint', async () => {
    const grant = provider.authorize(await start(), { sub: 'google-userinfo', email: 'owner@demo.campaign', userinfoOnly: true });
    const res = await exchange({ grant_type: 'authorization_code', ...grant, redirect_uri: REDIRECT_URI });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.userId).toBe(t.seeded?.demoOwner?.id);
  });

  it('an unverified e-mail never links: a separate account is created', async () => {
    const grant = provider.authorize(await start(), { sub: 'google-unverified', email: 'owner@demo.campaign', emailVerified: false });
    const res = await exchange({ grant_type: 'authorization_code', ...grant, redirect_uri: REDIRECT_URI });
    expect(res.json().code).toBe('ADMIN_APPROVAL_REQUIRED');
    const [identity] = await t.db.select().from(userIdentities).where(eq(userIdentities.subject, 'google-unverified'));
    expect(identity.userId).not.toBe(t.seeded?.demoOwner?.id);
  });

  it('an id_token signed by another key, a wrong code, an unconfigured provider and a foreign redirect_uri are refused', async () => {
    const wrongCode = provider.authorize(await start(), { sub: 's', email: 's@example.org' });
    const bad = await exchange({ grant_type: 'authorization_code', code: 'not-the-code', state: wrongCode.state, redirect_uri: REDIRECT_URI });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('SOCIAL_SIGNIN_FAILED');

    await provider.useForeignKey();
    const forged = provider.authorize(await start(), { sub: 's', email: 's@example.org' });
    expect((await exchange({ grant_type: 'authorization_code', ...forged, redirect_uri: REDIRECT_URI })).json().code).toBe('SOCIAL_SIGNIN_FAILED');

    expect((await post(t, `${A}/social-signin`, { provider: 'auth0', redirect_uri: REDIRECT_URI })).json().code).toBe('SOCIAL_PROVIDER_NOT_CONFIGURED');
    const foreign = await post(t, `${A}/social-signin`, { provider: 'google', redirect_uri: 'https://evil.example/cb' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details.fields.redirect_uri).toBeDefined();
    expect((await exchange({ grant_type: 'password', code: 'x', state: 'y', redirect_uri: REDIRECT_URI })).json().code).toBe('VALIDATION_ERROR');
  });
});
