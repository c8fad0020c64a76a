import type { FastifyInstance } from 'fastify';
import { AUTH_PATHS, type SocialProvider } from '../../../domain/auth/api-contract';
import { oauthTokenRequestSchema, socialSigninRequestSchema } from '../../../domain/validation/auth';
import { linkOrigin } from '../../plugins/link-origin';
import { success } from '../../plugins/respond';
import { validateBody } from '../../plugins/validate';
import { authRateLimit } from './route-limits';
import { completeSocialSignin, startSocialSignin } from './social-service';

export async function socialRoutes(app: FastifyInstance): Promise<void> {
  const limited = authRateLimit(app);

  // The token exchange is form-encoded (JSON is accepted too). Scoped to this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post(AUTH_PATHS.socialSignin, limited, async (request) => {
    const body = await validateBody(socialSigninRequestSchema, request.body);
    return success(await startSocialSignin(app, body.provider as SocialProvider, body.redirect_uri, linkOrigin(request)));
  });

  app.post(AUTH_PATHS.oauthToken, limited, async (request) => {
    const body = await validateBody(oauthTokenRequestSchema, request.body);
    return success(await completeSocialSignin(app, { code: body.code, state: body.state, redirectUri: body.redirect_uri }), 'SIGN_IN_SUCCESS');
  });
}
