import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  loading?: boolean;
  block?: boolean;
  variant?: 'primary' | 'secondary';
  type?: 'submit' | 'button';
  children: ReactNode;
}

/** A submit button with a loading spinner; disabled and aria-busy while loading. */
export function SubmitButton({ loading = false, block = false, variant = 'primary', type = 'submit', disabled, className, children, ...rest }: SubmitButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <span className={styles.spinner} data-testid="submit-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
