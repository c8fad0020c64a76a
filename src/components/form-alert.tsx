import type { ReactNode } from 'react';
import styles from './form-alert.module.css';

interface FormAlertProps {
  kind?: 'error' | 'success' | 'info';
  children: ReactNode;
}

/** A message above or below a form: errors are alerts, the others polite status messages. */
export function FormAlert({ kind = 'error', children }: FormAlertProps) {
  return (
    <div className={`${styles.alert} ${styles[kind]}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
