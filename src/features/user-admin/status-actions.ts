import type { UserStatus, UserStatusAction } from '../../../domain/auth/api-contract';

/** The actions a platform admin can take on a user in each status. */
export const ACTIONS_BY_STATUS: Record<UserStatus, UserStatusAction[]> = {
  pending: ['approve', 'block'],
  unconfirmed: ['block'],
  active: ['block'],
  blocked: ['unblock'],
  locked: ['unlock', 'block'],
};
