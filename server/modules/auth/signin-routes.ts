import type { FastifyInstance } from 'fastify';
import { AUTH_PATHS } from '../../../domain/auth/api-contract';
import { destinationRequestSchema, otpPasswordlessRequestSchema, signinRequestSchema } from '../../../domain/validation/auth';
import { success } from '../../plugins/respond';
import { validateBody } from '../../plugins/validate';
import { toDestination } from './destination';
import { authRateLimit } from './route-limits';
import { credentialSignin, otpPasswordless, signinPasswordless } from './signin-service';

export async function signinRoutes(app: FastifyInstance): Promise<void> {
  const limited = authRateLimit(app);

  app.post(AUTH_PATHS.signinPasswordless, limited, async (request) => {
    const body = await validateBody(destinationRequestSchema, request.body);
    return success(await signinPasswordless(app, toDestination(body)), 'NEW_CONFIRMATION_SENT');
  });

  app.post(AUTH_PATHS.otpPasswordless, limited, async (request) => {
    const body = await validateBody(otpPasswordlessRequestSchema, request.body);
    return success(await otpPasswordless(app, toDestination(body), body.code), 'SIGN_IN_SUCCESS');
  });

  app.post(AUTH_PATHS.signin, limited, async (request) => {
    const body = await validateBody(signinRequestSchema, request.body);
    return success(await credentialSignin(app, body.email, body.password, request.ip), 'SIGN_IN_SUCCESS');
  });
}
