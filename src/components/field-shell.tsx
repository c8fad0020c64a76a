import { useId, type ReactNode } from 'react';
import styles from './text-input.module.css';

export interface FieldIds {
  /** The control's id (the label's htmlFor). */
  inputId: string;
  errorId: string;
  hintId: string;
}

/** The ids of a labelled field: `id` when given, otherwise `${prefix}-${useId()}`; its error and hint ids follow from it. */
export function useFieldIds(prefix: string, id?: string): FieldIds {
  const generatedId = useId();
  const inputId = id ?? `${prefix}-${generatedId}`;
  return { inputId, errorId: `${inputId}-error`, hintId: `${inputId}-hint` };
}

/** The control's aria-describedby: the error when there is one, otherwise the hint, otherwise none. */
export function describedBy(ids: FieldIds, error?: string, hint?: string): string | undefined {
  return error ? ids.errorId : hint ? ids.hintId : undefined;
}

export interface FieldShellProps {
  ids: FieldIds;
  label: string;
  /** Shows the asterisk after the label. */
  required: boolean;
  /** Shown under the control when there is no error. */
  hint?: string;
  /** Shown under the control as an alert; hides the hint. */
  error?: string;
  /** The control (input, select, textarea…), between the label and the hint / error. */
  children: ReactNode;
}

/** The shared frame of the form fields: label with required marker, the control, then the hint or the inline error. */
export function FieldShell({ ids, label, required, hint, error, children }: FieldShellProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={ids.inputId} className={styles.label}>
        {label}
        {required && (
          <span className={styles.asterisk} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
