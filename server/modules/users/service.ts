/** Profile reads and updates: a user sees and edits only themself; a platform admin anyone. */
import type { FastifyInstance } from 'fastify';
import type { UpdateUserRequest, UserView } from '../../../domain/auth/api-contract';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { findUserByAttribute, findUserById, updateUser, type UserPatch } from './repository';
import { toUserView } from './view';

function assertSelfOrAdmin(auth: AuthUser, id: string): void {
  if (auth.id !== id && !auth.isPlatformAdmin) throw fail(403, 'FORBIDDEN');
}

export async function getUser(app: FastifyInstance, auth: AuthUser, id: string): Promise<UserView> {
  assertSelfOrAdmin(auth, id);
  const user = await findUserById(app.db, id);
  if (!user) throw fail(404, 'USER_NOT_FOUND');
  return toUserView(user);
}

export async function updateProfile(app: FastifyInstance, auth: AuthUser, id: string, body: UpdateUserRequest): Promise<UserView> {
  assertSelfOrAdmin(auth, id);
  const patch: UserPatch = { name: body.name.trim() };
  if (body.is_profile_updated !== undefined) patch.isProfileUpdated = body.is_profile_updated;
  if (body.profile_picture !== undefined) patch.profilePicture = body.profile_picture;
  const user = await updateUser(app.db, id, patch, app.clock.now());
  if (!user) throw fail(404, 'USER_NOT_FOUND');
  return toUserView(user);
}

/** Stores the (already checked) picture and points the profile at it. */
export async function setProfilePicture(app: FastifyInstance, auth: AuthUser, id: string, key: string, bytes: Buffer): Promise<UserView> {
  assertSelfOrAdmin(auth, id);
  if (!(await findUserById(app.db, id))) throw fail(404, 'USER_NOT_FOUND');
  await app.storage.save(key, bytes);
  const user = await updateUser(app.db, id, { profilePicture: key }, app.clock.now());
  if (!user) throw fail(404, 'USER_NOT_FOUND');
  return toUserView(user);
}

/** 404 USER_NOT_FOUND for someone else's address too (no enumeration), unless a platform admin. */
export async function getUserByEmail(app: FastifyInstance, auth: AuthUser, email: string): Promise<UserView> {
  const user = await findUserByAttribute(app.db, 'email', email.trim().toLowerCase());
  if (!user || (user.id !== auth.id && !auth.isPlatformAdmin)) throw fail(404, 'USER_NOT_FOUND');
  return toUserView(user);
}
