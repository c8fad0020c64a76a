import { IMAGE_MAX_BYTES, PROFILE_IMAGE_MIN_SIZE, PROFILE_IMAGE_TYPES } from '../../domain/profile-image';
import { i18n } from './i18n';
import { readImageSize } from './image-size';

export { PROFILE_IMAGE_MIN_SIZE };

export type ImageCheck = { ok: true; width: number; height: number; needsCrop: boolean } | { ok: false; message: string };

/** SPEC §5/§8: 'Please select an image' unless an image; 'Please select an image less than 5MB' above 5 MB; else null. */
export function imageFileProblem(file: File | null | undefined): string | null {
  if (!file || !file.type.startsWith('image/')) return i18n.t('errors.IMAGE_REQUIRED');
  if (file.size > IMAGE_MAX_BYTES) return i18n.t('errors.IMAGE_TOO_LARGE');
  return null;
}

/** An image stored as it is (a campaign logo): one of the types the server stores, at most 5 MB. */
export function storableImageProblem(file: File | null | undefined): string | null {
  const problem = imageFileProblem(file);
  if (problem || !file) return problem ?? i18n.t('errors.IMAGE_REQUIRED');
  return file.type in PROFILE_IMAGE_TYPES ? null : i18n.t('errors.IMAGE_REQUIRED');
}

/**
 * SPEC §5: an image, at most 5 MB, at least the minimum width and height. Anything larger than
 * the minimum goes to cropping (to a square JPEG), and so does a type the server does not store.
 */
export async function checkProfileImage(file: File | null | undefined, min = PROFILE_IMAGE_MIN_SIZE): Promise<ImageCheck> {
  const problem = imageFileProblem(file);
  if (problem || !file) return { ok: false, message: problem ?? i18n.t('errors.IMAGE_REQUIRED') };
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
