import type { SessionUser, UserView } from '../../../domain/auth/api-contract';
import type { UserRow } from './repository';

export function toSessionUser(user: UserRow): SessionUser {
  return {
    userId: user.id,
    name: user.name,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    is_profile_updated: user.isProfileUpdated === 1 ? 1 : 0,
    profile_picture: user.profilePicture,
    is_platform_admin: user.isPlatformAdmin,
  };
}

export function toUserView(user: UserRow): UserView {
  return { ...toSessionUser(user), status: user.status, created_at: user.createdAt.toISOString() };
}
