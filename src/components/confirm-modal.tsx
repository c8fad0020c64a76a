import type { ReactNode } from 'react';
import { StaticModal } from './static-modal';
import { SubmitButton } from './submit-button';
import styles from './confirm-modal.module.css';

interface ConfirmModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** The answer cannot help (e.g. the server refused for good): only Cancel is left. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A StaticModal asking a yes/no question; the close icon and Cancel both cancel. */
export function ConfirmModal({ open, title, children, confirmLabel, cancelLabel, busy = false, confirmDisabled = false, onConfirm, onCancel }: ConfirmModalProps) {
  return (
    <StaticModal open={open} title={title} onClose={onCancel}>
      <div className={styles.text}>{children}</div>
      <div className={styles.actions}>
        <SubmitButton type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </SubmitButton>
        <SubmitButton type="button" onClick={onConfirm} loading={busy} disabled={confirmDisabled}>
          {confirmLabel}
        </SubmitButton>
      </div>
    </StaticModal>
  );
}
