/**
 * POST /auth/users/:id/profile_picture (multipart, field "file"): the uploaded image is checked by
 * its bytes (an image, ≤ 5 MB, at least 200×200), stored under a sanitised name with a random
 * 8-letter suffix, and the user's profile_picture becomes its storage key (the SPA prefixes the
 * storage base URL). The previous picture stays stored: keys are immutable.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '../../../domain/error-codes';
import { sanitizeFileName } from '../../../domain/file-name';
import { IMAGE_MAX_BYTES, PROFILE_IMAGE_MIN_SIZE, PROFILE_IMAGE_TYPES } from '../../../domain/profile-image';
import { userIdParamsSchema } from '../../../domain/validation/users';
import { currentUser } from '../../plugins/auth';
import { AppError, fail } from '../../plugins/errors';
import { success } from '../../plugins/respond';
import { validateParams } from '../../plugins/validate';
import { readImageInfo } from './image-info';
import { setProfilePicture } from './service';

function tooSmall(): AppError {
  const message = ERROR_MESSAGES.IMAGE_TOO_SMALL.replace('{{width}}', String(PROFILE_IMAGE_MIN_SIZE)).replace('{{height}}', String(PROFILE_IMAGE_MIN_SIZE));
  return new AppError(422, 'IMAGE_TOO_SMALL', message, { width: PROFILE_IMAGE_MIN_SIZE, height: PROFILE_IMAGE_MIN_SIZE });
}

export async function profilePictureRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post('/auth/users/:id/profile_picture', { config: { access: 'signed-in' } }, async (request) => {
    const { id } = await validateParams(userIdParamsSchema, request.params);
    if (!request.isMultipart()) throw fail(400, 'IMAGE_REQUIRED');
    const file = await request.file();
    if (!file) throw fail(400, 'IMAGE_REQUIRED');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail(413, 'IMAGE_TOO_LARGE');
      throw error;
    }
    const image = readImageInfo(bytes);
    if (!image) throw fail(400, 'IMAGE_REQUIRED');
    if (image.width < PROFILE_IMAGE_MIN_SIZE || image.height < PROFILE_IMAGE_MIN_SIZE) throw tooSmall();
    const name = sanitizeFileName(file.filename || 'picture', { extension: PROFILE_IMAGE_TYPES[image.mime] });
    const user = await setProfilePicture(app, currentUser(request), id, `profile-pictures/${id}/${name}`, bytes);
    return success(user, 'PROFILE_UPDATED');
  });
}
