/**
 * Platform administration of users: a paged list and status actions.
 *   approve: pending → active            block: unconfirmed | pending | active | locked → blocked
 *   unblock: blocked → active            unlock: locked → active (failed sign-ins reset)
 * Block revokes every session of the user. An admin cannot change their own status.
 */
import type { FastifyInstance } from 'fastify';
import type { UserListData, UserStatus, UserStatusAction, UserView } from '../../../domain/auth/api-contract';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { revokeAllSessions } from '../auth/session-service';
import { findUserById, listUsers, transitionUserStatus, type ListUsersFilter } from './repository';
import { toUserView } from './view';

const TRANSITIONS: Record<UserStatusAction, { from: UserStatus[]; to: UserStatus }> = {
  approve: { from: ['pending'], to: 'active' },
  block: { from: ['unconfirmed', 'pending', 'active', 'locked'], to: 'blocked' },
  unblock: { from: ['blocked'], to: 'active' },
  unlock: { from: ['locked'], to: 'active' },
};

export async function listUsersPage(app: FastifyInstance, filter: ListUsersFilter): Promise<UserListData> {
  const { rows, total } = await listUsers(app.db, filter);
  return { user_list: rows.map(toUserView), total, page: filter.page, limit: filter.limit };
}

export async function changeUserStatus(app: FastifyInstance, admin: AuthUser, id: string, action: UserStatusAction): Promise<UserView> {
  if (id === admin.id) throw fail(403, 'FORBIDDEN');
  const user = await findUserById(app.db, id);
  if (!user) throw fail(404, 'USER_NOT_FOUND');
  const { from, to } = TRANSITIONS[action];
  const updated = await transitionUserStatus(app.db, id, from, { status: to, failedSigninCount: 0 }, app.clock.now());
  if (!updated) throw fail(409, 'INVALID_STATUS_TRANSITION', { status: user.status, action });
  if (to === 'blocked') await revokeAllSessions(app, id, 'user_blocked');
  app.log.info({ adminId: admin.id, userId: id, action, from: user.status, to }, 'user status changed');
  return toUserView(updated);
}
