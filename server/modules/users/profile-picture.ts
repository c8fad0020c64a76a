/**
 * POST /auth/users/:id/profile_picture (multipart, only the field "file"): the uploaded image is checked
 * by its bytes (an image, ≤ 5 MB, at least 200×200, at most 4096×4096 read from its header:
 * storage/image-upload.ts), stored under a sanitised name with a random
 * 8-letter suffix, and the user's profile_picture becomes its storage key (the SPA prefixes the
 * storage base URL; PUT /auth/users/{id} accepts only such keys: picture-keys.ts). The previous
 * picture stays stored: keys are immutable.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '../../../domain/error-codes';
import { PROFILE_IMAGE_MIN_SIZE } from '../../../domain/profile-image';
import { userIdParamsSchema } from '../../../domain/validation/users';
import { currentUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { success } from '../../plugins/respond';
import { validateParams } from '../../plugins/validate';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../storage/image-upload';
import { profilePictureKey } from './picture-keys';
import { setProfilePicture } from './service';

function tooSmall(): AppError {
  const message = ERROR_MESSAGES.IMAGE_TOO_SMALL.replace('{{width}}', String(PROFILE_IMAGE_MIN_SIZE)).replace('{{height}}', String(PROFILE_IMAGE_MIN_SIZE));
  return new AppError(422, 'IMAGE_TOO_SMALL', message, { width: PROFILE_IMAGE_MIN_SIZE, height: PROFILE_IMAGE_MIN_SIZE });
}

export async function profilePictureRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  app.post('/auth/users/:id/profile_picture', { config: { access: 'signed-in' } }, async (request) => {
    const { id } = await validateParams(userIdParamsSchema, request.params);
    const { bytes, image, storedName } = await readImageUpload(request, 'picture');
    if (image.width < PROFILE_IMAGE_MIN_SIZE || image.height < PROFILE_IMAGE_MIN_SIZE) throw tooSmall();
    const user = await setProfilePicture(app, currentUser(request), id, profilePictureKey(id, storedName), bytes);
    return success(user, 'PROFILE_UPDATED');
  });
}
