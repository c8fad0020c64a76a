/**
 * Upload file names (SPEC §5): special characters are stripped and a random 8-letter suffix is
 * added, so names are safe in paths and URLs and two uploads never collide. Pure: no Node.
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
export const FILE_NAME_SUFFIX_LENGTH = 8;
const MAX_BASE_LENGTH = 64;

/** `length` random lowercase letters (CSPRNG when available). */
export function randomLetters(length = FILE_NAME_SUFFIX_LENGTH): string {
  const bytes = new Uint8Array(length);
  if (typeof globalThis.crypto?.getRandomValues === 'function') globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => LETTERS[byte % LETTERS.length]).join('');
}

/**
 * `My photo (1)!.PNG` → `My-photo-1_abcdefgh.png`. Keeps ASCII letters, digits, '-' and '_';
 * whitespace and other separators become '-'; the extension keeps letters and digits only.
 * `extension` replaces the original one (e.g. 'jpg' after cropping to JPEG).
 */
export function sanitizeFileName(name: string, options: { extension?: string; suffix?: string } = {}): string {
  const suffix = options.suffix ?? randomLetters();
  // Only the last path segment: no directories from '../x' or 'C:\\x'.
  const trimmed = name.split(/[\\/]/).pop()?.trim() ?? '';
  const dot = trimmed.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < trimmed.length - 1;
  const rawBase = hasExtension ? trimmed.slice(0, dot) : trimmed;
  const rawExtension = options.extension ?? (hasExtension ? trimmed.slice(dot + 1) : '');
  const base =
    rawBase
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[\s.,;:+]+/g, '-')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .replace(/-{2,}/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, MAX_BASE_LENGTH) || 'file';
  const extension = rawExtension.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 10);
  return extension ? `${base}_${suffix}.${extension}` : `${base}_${suffix}`;
}
