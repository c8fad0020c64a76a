/** Profile picture rules (SPEC §5, §9), shared by the SPA's checks and the server's upload route. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Smallest accepted width and height, in pixels. */
export const PROFILE_IMAGE_MIN_SIZE = 200;
/** Image types accepted for upload, by MIME type → stored extension. */
export const PROFILE_IMAGE_TYPES: Readonly<Record<string, string>> = Object.freeze({
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
});
