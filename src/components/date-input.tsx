import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format';
import { describedBy, FieldShell, useFieldIds } from './field-shell';
import styles from './text-input.module.css';

const TYPED = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/** 'DD-MM-YYYY' (also D/M/YYYY, DD.MM.YYYY) → 'YYYY-MM-DD' when it names a real day; '' → ''; otherwise null. */
export function typedDateToIso(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const match = TYPED.exec(trimmed);
  if (!match) return null;
  const [, d, m, y] = match as unknown as [string, string, string, string];
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

export interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'defaultValue' | 'onChange' | 'type'> {
  label: string;
  /** 'YYYY-MM-DD' (the wire format) or '' / null. */
  value: string | null | undefined;
  /**
   * 'YYYY-MM-DD' when the text is a real DD-MM-YYYY day, '' when empty, otherwise the raw text (so a date schema rejects it).
   * `isDate` tells the two apart (a pasted '2026-09-01' is raw text too). The parent may ignore a change: the text stays as typed.
   */
  onChange: (value: string, isDate: boolean) => void;
  id?: string;
  error?: string;
  hint?: string;
  required?: boolean;
}

/**
 * A date typed as DD-MM-YYYY (SPEC §9) kept as 'YYYY-MM-DD' in form state. Text that is not a real
 * day is handed on as typed (a yup date test rejects it) and shows 'Enter a date as DD-MM-YYYY'.
 * Use it with react-hook-form's Controller, like MoneyInput.
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput(
  { label, value, onChange, onBlur, id, error, hint, required = false, className, placeholder, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const ids = useFieldIds('date', id);
  const [text, setText] = useState(() => formatDate(value));
  /** The value of the last render: only a change of it (reset, setValue, a URL) replaces the text. */
  const [seenValue, setSeenValue] = useState(value ?? '');
  const [touched, setTouched] = useState(false);

  // The value changed: show it, unless the text already says it (what was just typed).
  if ((value ?? '') !== seenValue) {
    const next = value ?? '';
    setSeenValue(next);
    if (text !== next && typedDateToIso(text) !== next) setText(formatDate(next) || next);
  }

  const invalidText = touched && typedDateToIso(text) === null;
  const message = invalidText ? t('form.dateInvalid') : error;

  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={message}>
      <input
        {...rest}
        ref={ref}
        id={ids.inputId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder ?? 'DD-MM-YYYY'}
        required={required}
        value={text}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(ids, message, hint)}
        className={[styles.input, message ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ')}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const iso = typedDateToIso(next);
          onChange(iso ?? next, iso !== null);
        }}
        onBlur={(event) => {
          setTouched(true);
          const iso = typedDateToIso(text);
          if (iso) setText(formatDate(iso));
          onBlur?.(event);
        }}
      />
    </FieldShell>
  );
});
