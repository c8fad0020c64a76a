import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountToCents } from '../../domain/money';
import { describedBy, FieldShell, useFieldIds } from './field-shell';
import styles from './text-input.module.css';
import moneyStyles from './money-input.module.css';

const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123450 → '1,234.50'; null / NaN → ''. */
export function centsToDisplay(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  return grouped.format(cents / 100);
}

/** What the person typed → cents: '' → null, '1,234.5' / '$1234.50' → 123450, anything else → NaN. */
export function textToCents(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return parseAmountToCents(trimmed.replace(/,/g, '')) ?? Number.NaN;
}

export interface MoneyInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'> {
  label: string;
  /** Integer cents (the form state); null or undefined = empty. */
  value: number | null | undefined;
  /** Called with cents on every keystroke: null when empty, NaN when the text is not an amount. */
  onChange: (cents: number | null) => void;
  id?: string;
  /** The form's message (e.g. a yup one); shown under the field like TextInput's. */
  error?: string;
  hint?: string;
  required?: boolean;
  /** Shown before the amount (visual only; the label names the field). Default '$'. */
  currencySymbol?: string;
}

/**
 * A currency text input bound to integer cents (ARCHITECTURE §4: money is cents end to end).
 * Shows '1,234.50' (grouped, two decimals) when not being typed in, keeps what is typed while
 * focused, and hands cents to the form. Text that is not an amount hands NaN (a yup `number()`
 * rejects it) and shows the catalogue's 'Enter an amount like 1,234.50'.
 *
 * With react-hook-form: `<Controller name="paid_amount_cents" control={control} render={({ field, fieldState }) =>
 *   <MoneyInput label="Amount" {...field} error={fieldState.error?.message} />} />`.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { label, value, onChange, onBlur, onFocus, id, error, hint, required = false, currencySymbol = '$', className, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const ids = useFieldIds('money', id);
  const [text, setText] = useState(() => centsToDisplay(value));
  const [shownValue, setShownValue] = useState(value);
  const [touched, setTouched] = useState(false);

  // The form changed the value (reset, setValue): show it, unless it is what the text already says.
  if (!Object.is(value, shownValue)) {
    setShownValue(value);
    const typed = textToCents(text);
    if (!Object.is(typed, value ?? null)) setText(centsToDisplay(value));
  }

  const invalidText = touched && Number.isNaN(textToCents(text));
  const message = invalidText ? t('form.amountInvalid') : error;

  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={message}>
      <div className={`${styles.control} ${moneyStyles.control}`}>
        <span className={moneyStyles.symbol} aria-hidden="true">
          {currencySymbol}
        </span>
        <input
          {...rest}
          ref={ref}
          id={ids.inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required={required}
          value={text}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(ids, message, hint)}
          className={[styles.input, moneyStyles.input, message ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ')}
          onFocus={onFocus}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            const cents = textToCents(next);
            setShownValue(cents);
            onChange(cents);
          }}
          onBlur={(event) => {
            setTouched(true);
            const cents = textToCents(text);
            if (cents !== null && !Number.isNaN(cents)) setText(centsToDisplay(cents));
            onBlur?.(event);
          }}
        />
      </div>
    </FieldShell>
  );
});
