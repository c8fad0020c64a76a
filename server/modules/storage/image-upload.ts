/**
 * One uploaded image from a multipart request, checked by its bytes: an image (PNG, JPEG, GIF,
 * WebP) of at most 5 MB and at most IMAGE_MAX_SIDE × IMAGE_MAX_SIDE pixels. The route registers
 * @fastify/multipart with IMAGE_UPLOAD_LIMITS in its own plugin context. Refusals:
 *   400 IMAGE_REQUIRED 'Please select an image'   no file, not multipart, or not an image
 *   400 VALIDATION_ERROR                          any part other than one file in the field "file"
 *   400 IMAGE_DIMENSIONS_TOO_LARGE                wider or taller than 4096 px (read from the header)
 *   413 IMAGE_TOO_LARGE 'Please select an image less than 5MB'
 *
 * Why a pixel cap: a file's size says nothing of its decoded size. A 20000×20000 PNG of one colour
 * is 380 KB on disk and 400 MB (grey) to 1.6 GB (RGBA) decoded in every browser that shows it (a logo is shown to every
 * visitor of the public page). The cap is judged from the header (image-info.ts), before anything
 * is decoded or stored: at most 4096 px a side, so at most 16.8 megapixels, 64 MiB as RGBA, per frame.
 */
import type { FastifyRequest } from 'fastify';
import { sanitizeFileName } from '../../../domain/file-name';
import { ERROR_MESSAGES } from '../../../domain/error-codes';
import { IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '../../../domain/profile-image';
import { AppError, fail } from '../../plugins/errors';
import { readImageInfo, type ImageInfo } from './image-info';

/** Largest accepted width and height, in pixels. */
export const IMAGE_MAX_SIDE = 4096;
/** Largest accepted decoded size, in pixels (width × height): 16.8 megapixels. */
export const IMAGE_MAX_PIXELS = IMAGE_MAX_SIDE * IMAGE_MAX_SIDE;
/** The one multipart field an image upload may carry. */
export const IMAGE_FIELD = 'file';

/** One file and nothing else; a second part is seen (and refused) rather than silently dropped. */
export const IMAGE_UPLOAD_LIMITS = { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 1, parts: 2 } as const;

const LIMIT_ERRORS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
const ONLY_FILE_FIELD = `Send one image in the field "${IMAGE_FIELD}" and nothing else`;

export interface UploadedImage {
  bytes: Buffer;
  image: ImageInfo;
  /** The client's file name, sanitised with a random 8-letter suffix and the real type's extension. */
  storedName: string;
}

function onlyTheFileField(fieldName: string): AppError {
  const name = fieldName.slice(0, 64) || '_';
  return fail(400, 'VALIDATION_ERROR', { in: 'body', fields: { [name]: ONLY_FILE_FIELD } });
}

/** 400 IMAGE_DIMENSIONS_TOO_LARGE, with the limits in `details` (the SPA fills its text with them). */
export function dimensionsTooLarge(): AppError {
  const message = ERROR_MESSAGES.IMAGE_DIMENSIONS_TOO_LARGE.replace('{{width}}', String(IMAGE_MAX_SIDE)).replace('{{height}}', String(IMAGE_MAX_SIDE));
  return new AppError(400, 'IMAGE_DIMENSIONS_TOO_LARGE', message, { width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, max_pixels: IMAGE_MAX_PIXELS });
}

/** The size check alone (exported for tests and other uploaders): throws unless within the caps. */
export function assertImageDimensions(image: Pick<ImageInfo, 'width' | 'height'>): void {
  if (image.width > IMAGE_MAX_SIDE || image.height > IMAGE_MAX_SIDE || image.width * image.height > IMAGE_MAX_PIXELS) throw dimensionsTooLarge();
}

async function readOnlyFilePart(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string } | null> {
  let found: { bytes: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === IMAGE_FIELD && !found) {
        found = { bytes: await part.toBuffer(), filename: part.filename };
        continue;
      }
      if (part.type === 'file') part.file.resume();
      throw onlyTheFileField(part.fieldname);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail(413, 'IMAGE_TOO_LARGE');
    if (code && LIMIT_ERRORS.has(code)) throw onlyTheFileField('_');
    if (error instanceof AppError) throw error;
    // The multipart parser's own refusals (no boundary, a body cut short) carry no code: the client
    // sent a broken upload.
    if (!code && error instanceof Error && /multipart|boundary/i.test(error.message)) throw fail(400, 'IMAGE_REQUIRED');
    throw error;
  }
  return found;
}

export async function readImageUpload(request: FastifyRequest, fallbackName: string): Promise<UploadedImage> {
  if (!request.isMultipart()) throw fail(400, 'IMAGE_REQUIRED');
  const file = await readOnlyFilePart(request);
  if (!file) throw fail(400, 'IMAGE_REQUIRED');
  const image = readImageInfo(file.bytes);
  if (!image) throw fail(400, 'IMAGE_REQUIRED');
  assertImageDimensions(image);
  const storedName = sanitizeFileName(file.filename || fallbackName, { extension: PROFILE_IMAGE_TYPES[image.mime] });
  return { bytes: file.bytes, image, storedName };
}
