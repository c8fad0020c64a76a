/** Why an import file cannot be read: an IMPORT_* code of domain/error-codes.ts and its message. */
import { ERROR_MESSAGES } from '../../../domain/error-codes';

export type ImportFileErrorCode = Extract<keyof typeof ERROR_MESSAGES, `IMPORT_${string}`>;

export class ImportFileError extends Error {
  constructor(
    readonly code: ImportFileErrorCode,
    /** The file's row where it went wrong, when known. */
    readonly rowNumber: number | null = null,
  ) {
    super(ERROR_MESSAGES[code]);
    this.name = 'ImportFileError';
  }
}
