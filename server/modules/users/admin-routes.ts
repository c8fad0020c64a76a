import type { FastifyInstance } from 'fastify';
import type { UserListSort, UserStatus, UserStatusAction } from '../../../domain/auth/api-contract';
import { listUsersQuerySchema, updateUserStatusRequestSchema, userIdParamsSchema } from '../../../domain/validation/users';
import { currentUser } from '../../plugins/auth';
import { success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { changeUserStatus, listUsersPage } from './admin-service';

/** Platform administration of users (platform admins only). */
export async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  const adminOnly = { config: { access: 'platform-admin' } } as const;

  app.get('/auth/admin/list_users', adminOnly, async (request) => {
    const query = await validateQuery(listUsersQuerySchema, request.query);
    return success(
      await listUsersPage(app, {
        status: query.status as UserStatus | undefined,
        search: query.search,
        page: query.page,
        limit: query.limit,
        sort: query.sort as UserListSort,
      }),
    );
  });

  app.post('/auth/admin/update_user_status/:id', adminOnly, async (request) => {
    const { id } = await validateParams(userIdParamsSchema, request.params);
    const body = await validateBody(updateUserStatusRequestSchema, request.body);
    return success(await changeUserStatus(app, currentUser(request), id, body.action as UserStatusAction));
  });
}
