import { IMAGE_MAX_BYTES, PROFILE_IMAGE_MIN_SIZE, PROFILE_IMAGE_TYPES } from '../../domain/profile-image';
import { i18n } from './i18n';
import { readImageSize } from './image-size';

export { PROFILE_IMAGE_MIN_SIZE };

export type ImageCheck = { ok: true; width: number; height: number; needsCrop: boolean } | { ok: false; message: string };

/**
 * SPEC §5: an image, at most 5 MB, at least the minimum width and height. Anything larger than
 * the minimum goes to cropping (to a square JPEG), and so does a type the server does not store.
 */
export async function checkProfileImage(file: File | null | undefined, min = PROFILE_IMAGE_MIN_SIZE): Promise<ImageCheck> {
  if (!file || !file.type.startsWith('image/')) return { ok: false, message: i18n.t('errors.IMAGE_REQUIRED') };
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, message: i18n.t('errors.IMAGE_TOO_LARGE') };
  let size: { width: number; height: number };
  try {
    size = await readImageSize(file);
  } catch {
    return { ok: false, message: i18n.t('errors.IMAGE_REQUIRED') };
  }
  if (size.width < min || size.height < min) return { ok: false, message: i18n.t('errors.IMAGE_TOO_SMALL', { width: min, height: min }) };
  const storable = file.type in PROFILE_IMAGE_TYPES;
  return { ok: true, ...size, needsCrop: !storable || size.width > min || size.height > min };
}
