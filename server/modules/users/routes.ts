import type { FastifyInstance } from 'fastify';
import { updateUserRequestSchema, userEmailParamsSchema, userIdParamsSchema } from '../../../domain/validation/users';
import type { UpdateUserRequest } from '../../../domain/auth/api-contract';
import { currentUser } from '../../plugins/auth';
import { success } from '../../plugins/respond';
import { validateBody, validateParams } from '../../plugins/validate';
import { getUser, getUserByEmail, updateProfile } from './service';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { config: { access: 'signed-in' } } as const;

  app.get('/auth/users/email/:email', signedIn, async (request) => {
    const { email } = await validateParams(userEmailParamsSchema, request.params);
    return success(await getUserByEmail(app, currentUser(request), email));
  });

  app.get('/auth/users/:id', signedIn, async (request) => {
    const { id } = await validateParams(userIdParamsSchema, request.params);
    return success(await getUser(app, currentUser(request), id));
  });

  app.put('/auth/users/:id', signedIn, async (request) => {
    const { id } = await validateParams(userIdParamsSchema, request.params);
    const body = await validateBody(updateUserRequestSchema, request.body);
    return success(await updateProfile(app, currentUser(request), id, body as UpdateUserRequest), 'PROFILE_UPDATED');
  });
}
