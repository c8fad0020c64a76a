import type { FastifyInstance } from 'fastify';
import { AUTH_PATHS, type CodePurpose } from '../../../domain/auth/api-contract';
import { codeValidityQuerySchema, confirmSignupRequestSchema, destinationRequestSchema, signupRequestSchema } from '../../../domain/validation/auth';
import { linkOrigin } from '../../plugins/link-origin';
import { success } from '../../plugins/respond';
import { validateBody, validateQuery } from '../../plugins/validate';
import { codeValidity } from './codes';
import { toDestination } from './destination';
import { authRateLimit } from './route-limits';
import { confirmSignup, resendConfirmationCode, signup } from './signup-service';

export async function signupRoutes(app: FastifyInstance): Promise<void> {
  const limited = authRateLimit(app);

  app.post(AUTH_PATHS.signup, limited, async (request, reply) => {
    const body = await validateBody(signupRequestSchema, request.body);
    // Always the answer of a new sign-up, whether the address is new, unconfirmed or taken (signup-service.ts).
    const data = await signup(app, { destination: toDestination(body), name: body.name, lastName: body.last_name, password: body.password }, linkOrigin(request));
    return reply.code(201).send(success(data, 'ACCOUNT_CREATED'));
  });

  app.post(AUTH_PATHS.confirmSignup, limited, async (request) => {
    const body = await validateBody(confirmSignupRequestSchema, request.body);
    const { data, messageCode } = await confirmSignup(app, toDestination(body), body.code);
    return success(data, messageCode);
  });

  app.post(AUTH_PATHS.resendConfirmationCode, limited, async (request) => {
    const body = await validateBody(destinationRequestSchema, request.body);
    const destination = toDestination(body);
    const data = await resendConfirmationCode(app, destination, linkOrigin(request));
    return success(data, destination.attribute === 'email' ? 'CONFIRMATION_EMAIL_RESENT' : 'OTP_RESENT');
  });

  app.get(AUTH_PATHS.confirmationCodeValidity, limited, async (request) => {
    const query = await validateQuery(codeValidityQuerySchema, request.query);
    return success(await codeValidity(app, query.purpose as CodePurpose, toDestination(query)));
  });
}
