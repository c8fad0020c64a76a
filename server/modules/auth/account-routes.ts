import type { FastifyInstance } from 'fastify';
import { AUTH_PATHS } from '../../../domain/auth/api-contract';
import { changePasswordRequestSchema, destinationRequestSchema, setPasswordRequestSchema, verifyUserAttributeRequestSchema } from '../../../domain/validation/auth';
import { currentUser } from '../../plugins/auth';
import { success } from '../../plugins/respond';
import { validateBody } from '../../plugins/validate';
import { confirmAttribute, sendAttributeCode } from './attribute-service';
import { emailDestination, toDestination } from './destination';
import { changePassword, forgotPassword, setPasswordWithCode } from './password-service';
import { authRateLimit } from './route-limits';

/** Passwords and addresses: forgot-password, set-password, change_password, verify_user_attribute. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const limited = authRateLimit(app);

  app.post(AUTH_PATHS.forgotPassword, limited, async (request) => {
    const body = await validateBody(destinationRequestSchema, request.body);
    return success(await forgotPassword(app, toDestination(body)), 'RESET_SENT');
  });

  app.post(AUTH_PATHS.setPassword, limited, async (request) => {
    const body = await validateBody(setPasswordRequestSchema, request.body);
    await setPasswordWithCode(app, toDestination(body), body.code, body.password);
    return success(null, 'PASSWORD_RESET_SUCCESS');
  });

  app.post(AUTH_PATHS.changePassword, authRateLimit(app, 'signed-in'), async (request) => {
    const body = await validateBody(changePasswordRequestSchema, request.body);
    await changePassword(app, currentUser(request), body);
    return success(null, 'PASSWORD_RESET_SUCCESS');
  });

  app.post(AUTH_PATHS.verifyUserAttribute, authRateLimit(app, 'signed-in'), async (request) => {
    const body = await validateBody(verifyUserAttributeRequestSchema, request.body);
    const value = String(body.value);
    const destination = body.attribute === 'email' ? emailDestination(value) : toDestination({ phone: value });
    if (!body.code) return success(await sendAttributeCode(app, currentUser(request), destination), 'NEW_CONFIRMATION_SENT');
    return success(await confirmAttribute(app, currentUser(request), destination, body.code), 'PROFILE_UPDATED');
  });
}
