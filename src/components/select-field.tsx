import { forwardRef, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldShell, useFieldIds } from './field-shell';
import styles from './text-input.module.css';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** The select's id (default: generated). */
  id?: string;
  options: readonly { value: string; label: string }[];
  /** A first, empty option (e.g. 'Select…'). */
  placeholder?: string;
  error?: string;
  hint?: string;
  required?: boolean;
}

/** A labelled native select with the text input's look, required marker and inline error. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, id, options, placeholder, error, hint, required = false, className, ...rest },
  ref,
) {
  const ids = useFieldIds('select', id);
  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error}>
      <select
        {...rest}
        ref={ref}
        id={ids.inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={[styles.input, error ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ')}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});
