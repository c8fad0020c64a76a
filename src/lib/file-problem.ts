import { acceptedExtensions, allowedExtension, formatFileSize, type UploadUse } from '../../domain/file-signature';

/** What is wrong with a chosen file before it is sent (the server checks again, bytes included): a message, or null. */
export function fileProblem(file: File, use: UploadUse, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  if (!allowedExtension(use, file.name)) return t('errors.FILE_TYPE_NOT_ALLOWED', { accepted: acceptedExtensions(use) });
  if (file.size > use.maxBytes) return t('errors.FILE_TOO_LARGE', { max: formatFileSize(use.maxBytes) });
  if (file.size === 0) return t('errors.FILE_EMPTY');
  return null;
}
