/**
 * One uploaded image from a multipart request (field "file"), checked by its bytes: an image
 * (PNG, JPEG, GIF, WebP) of at most 5 MB. The route registers @fastify/multipart with
 * IMAGE_UPLOAD_LIMITS in its own plugin context. Refusals use the SPEC §8 image messages:
 *   400 IMAGE_REQUIRED 'Please select an image'   no file, not multipart, or not an image
 *   413 IMAGE_TOO_LARGE 'Please select an image less than 5MB'
 */
import type { FastifyRequest } from 'fastify';
import { sanitizeFileName } from '../../../domain/file-name';
import { IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '../../../domain/profile-image';
import { fail } from '../../plugins/errors';
import { readImageInfo, type ImageInfo } from './image-info';

export const IMAGE_UPLOAD_LIMITS = { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } as const;

export interface UploadedImage {
  bytes: Buffer;
  image: ImageInfo;
  /** The client's file name, sanitised with a random 8-letter suffix and the real type's extension. */
  storedName: string;
}

export async function readImageUpload(request: FastifyRequest, fallbackName: string): Promise<UploadedImage> {
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
  const storedName = sanitizeFileName(file.filename || fallbackName, { extension: PROFILE_IMAGE_TYPES[image.mime] });
  return { bytes, image, storedName };
}
