import { UPLOAD_EXTENSIONS, UPLOAD_LIMITS } from '../../../domain/imports/api-contract';

/** The catalogue key of why a file cannot be uploaded, checked before anything is sent (the server says the same); null when it may go. */
export function fileProblem(file: File): string | null {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (extension === 'xls') return 'errors.IMPORT_FILE_XLS';
  if (extension === 'numbers') return 'errors.IMPORT_FILE_NUMBERS';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return 'errors.IMPORT_FILE_UNSUPPORTED';
  if (file.size > UPLOAD_LIMITS.maxBytes) return 'errors.IMPORT_FILE_TOO_LARGE';
  if (file.size === 0) return 'errors.IMPORT_FILE_EMPTY';
  return null;
}

/** The input's accept list: .csv,.tsv,.txt,.xlsx */
export const FILE_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');
