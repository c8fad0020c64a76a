import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell, useFieldIds } from './field-shell';
import styles from './text-input.module.css';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  id?: string;
  error?: string;
  hint?: string;
  /** Shows the asterisk and sets the required attribute. */
  required?: boolean;
}

/** Labelled input with required marker, inline error, password show/hide and file support. */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, id, error, hint, required = false, type = 'text', className, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const ids = useFieldIds('input', id);
  const { inputId } = ids;
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  const effectiveType = isPassword && visible ? 'text' : type;
  const inputClasses = [styles.input, isPassword ? styles.withToggle : '', error ? styles.invalid : '', className ?? '']
    .filter(Boolean)
    .join(' ');

  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error}>
      <div className={styles.control}>
        <input
          {...rest}
          ref={ref}
          id={inputId}
          type={effectiveType}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, error, hint)}
          className={inputClasses}
        />
        {isPassword && (
          <button
            type="button"
            className={styles.toggle}
            aria-controls={inputId}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? t('form.hidePassword') : t('form.showPassword')}
          </button>
        )}
      </div>
    </FieldShell>
  );
});
