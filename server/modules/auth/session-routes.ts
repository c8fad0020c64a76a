import type { FastifyInstance } from 'fastify';
import { AUTH_PATHS, type SignedOutData } from '../../../domain/auth/api-contract';
import { refreshTokenRequestSchema } from '../../../domain/validation/auth';
import { currentUser } from '../../plugins/auth';
import { success } from '../../plugins/respond';
import { validateBody } from '../../plugins/validate';
import { refreshSession, revokeAllSessions, signOut } from './session-service';
import { authRateLimit } from './route-limits';

const SIGNED_OUT: SignedOutData = { signed_out: true };

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const limited = authRateLimit(app);

  // SPEC §7 names it both refresh-token and refresh_token.
  for (const path of [AUTH_PATHS.refreshToken, '/auth/authentication/refresh_token']) {
    app.post(path, limited, async (request) => {
      const body = await validateBody(refreshTokenRequestSchema, request.body);
      return success(await refreshSession(app, body.refresh_token));
    });
  }

  // No Authorization header; always 200 (the SPA does not read the answer).
  app.post(AUTH_PATHS.signOut, { config: { access: 'public' } }, async (request) => {
    const body = request.body as { accessToken?: unknown } | null | undefined;
    await signOut(app, typeof body === 'object' && body !== null ? body.accessToken : undefined);
    return success(SIGNED_OUT);
  });

  app.post(AUTH_PATHS.globalLogout, { config: { access: 'signed-in' } }, async (request) => {
    await revokeAllSessions(app, currentUser(request).id, 'global_logout');
    return success(SIGNED_OUT);
  });
}
