import { SUCCESS_MESSAGES, type SuccessMessageCode } from '../../domain/messages';
import type { ApiSuccess } from '../../domain/auth/api-contract';

/** The §4 success body: `{ data }`, or `{ data, message, message_code }` when there is a message to show. */
export function success<T>(data: T, code?: SuccessMessageCode): ApiSuccess<T> {
  return code ? { data, message: SUCCESS_MESSAGES[code], message_code: code } : { data };
}
