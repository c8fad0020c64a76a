/** Profile reads and updates: a user sees and edits only themself; a platform admin anyone. */
import type { FastifyInstance } from 'fastify';
import type { UpdateUserRequest, UserView } from '../../../domain/auth/api-contract';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { isProfilePictureKeyOf, PROFILE_PICTURE_KEY_INVALID } from './picture-keys';
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

/**
 * The profile_picture of PUT /auth/users/{id}: undefined leaves it, null or '' removes it, the value
 * already stored is left as it is (a picture from social sign-in), anything else must be a key the
 * upload issued for this user and still stored. Otherwise 400 VALIDATION_ERROR on profile_picture.
 */
async function checkedProfilePicture(app: FastifyInstance, id: string, value: string | null | undefined): Promise<string | null | undefined> {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  const current = await findUserById(app.db, id);
  if (!current) throw fail(404, 'USER_NOT_FOUND');
  if (value === current.profilePicture) return undefined;
  if (isProfilePictureKeyOf(id, value) && (await app.storage.exists(value))) return value;
  throw fail(400, 'VALIDATION_ERROR', { in: 'body', fields: { profile_picture: PROFILE_PICTURE_KEY_INVALID } });
}

export async function updateProfile(app: FastifyInstance, auth: AuthUser, id: string, body: UpdateUserRequest): Promise<UserView> {
  assertSelfOrAdmin(auth, id);
  const patch: UserPatch = { name: body.name.trim() };
  if (body.is_profile_updated !== undefined) patch.isProfileUpdated = body.is_profile_updated;
  const picture = await checkedProfilePicture(app, id, body.profile_picture);
  if (picture !== undefined) patch.profilePicture = picture;
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
