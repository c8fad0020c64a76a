/**
 * Profile picture storage keys. The upload (profile-picture.ts) stores a picture under
 * `profile-pictures/<user id>/<sanitised name>_<8 letters>.<png|jpg|webp|gif>` and answers that key;
 * PUT /auth/users/{id} takes only such a key, for that user, of a file that is stored
 * (or null / '' to remove the picture). An outside URL (a tracking pixel shown to teammates),
 * a `javascript:` or `data:` URL, or a path of someone else's folder is refused.
 */
import { PROFILE_IMAGE_TYPES } from '../../../domain/profile-image';

export const PROFILE_PICTURE_FOLDER = 'profile-pictures';
export const PROFILE_PICTURE_KEY_INVALID = 'Profile picture must be an image uploaded for this account';

const EXTENSIONS = [...new Set(Object.values(PROFILE_IMAGE_TYPES))].join('|');
/** What sanitizeFileName (domain/file-name.ts) makes: base, '_', 8 letters, the real type's extension. */
const STORED_NAME = new RegExp(`^[A-Za-z0-9_-]{1,64}_[a-z]{8}\\.(?:${EXTENSIONS})$`);

export function profilePictureKey(userId: string, storedName: string): string {
  return `${PROFILE_PICTURE_FOLDER}/${userId.toLowerCase()}/${storedName}`;
}

/** True when `key` has the shape of a key the upload issued for `userId` (existence is checked apart). */
export function isProfilePictureKeyOf(userId: string, key: string): boolean {
  const prefix = `${PROFILE_PICTURE_FOLDER}/${userId.toLowerCase()}/`;
  return key.startsWith(prefix) && STORED_NAME.test(key.slice(prefix.length));
}
