import { config } from '../config/env';

export const DEFAULT_AVATAR = '/default-avatar.svg';

/** A stored profile picture path as an image URL (bucket base URL prefix), or the default avatar. */
export function pictureUrl(path: string | null | undefined): string {
  if (!path) return DEFAULT_AVATAR;
  if (/^(https?:|data:image\/|blob:)/.test(path) || path.startsWith('/')) return path;
  return `${config.bucketBaseUrl}/${path.replace(/^\/+/, '')}`;
}
