import { useEffect, useRef, type ReactNode } from 'react';
import { FormAlert } from '../../../components/form-alert';
import styles from './forms.module.css';

/**
 * A form's server error (FormAlert) that takes the focus when it appears: the submit button was
 * disabled while sending, so focus would otherwise fall to the page and Escape / Tab would leave the dialog.
 */
export function ServerAlert({ message, children }: { message: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref} tabIndex={-1} className={styles.alertFocus}>
      <FormAlert>
        <p>{message}</p>
        {children}
      </FormAlert>
    </div>
  );
}
