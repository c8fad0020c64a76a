import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { describedBy, FieldShell, useFieldIds } from './field-shell';
import styles from './text-input.module.css';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
}

/** A labelled multi-line input with the text input's look, required marker, hint and inline error. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hint, required = false, rows = 3, className, style, ...rest },
  ref,
) {
  const ids = useFieldIds('textarea');
  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error}>
      <textarea
        {...rest}
        ref={ref}
        id={ids.inputId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={[styles.input, error ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ')}
        style={{ resize: 'vertical', ...style }}
      />
    </FieldShell>
  );
});
