import { useState } from 'react';
import { apiErrorMessage, successMessage } from './api-error';
import { notify } from './toast';

interface SubmitOptions<T> {
  /** i18n key of the success toast when the answer carries no known message_code. */
  successKey: string;
  onSuccess: (result: T) => void;
  /** Takes a failure the form shows itself (e.g. as field errors); true = handled. */
  handled?: (error: unknown) => boolean;
  /** A form's own text for a failure (e.g. one with figures from `details`); null = the catalogue text. */
  describe?: (error: unknown) => string | null;
}

/**
 * The save step of a modal form: clears the last server error, runs the call, toasts its success
 * message and hands on; a failure becomes `serverError` (the catalogue text, or `describe`'s) unless
 * `handled` takes it.
 */
export function useServerSubmit() {
  const [serverError, setServerError] = useState('');
  const submit = async <T extends { message_code?: unknown }>(call: () => Promise<T>, { successKey, onSuccess, handled, describe }: SubmitOptions<T>) => {
    setServerError('');
    try {
      const result = await call();
      notify.success(successMessage(result.message_code, successKey));
      onSuccess(result);
    } catch (error) {
      if (!handled?.(error)) setServerError(describe?.(error) ?? apiErrorMessage(error));
    }
  };
  return { serverError, submit };
}
