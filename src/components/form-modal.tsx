import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StaticModal } from './static-modal';
import { useLeaveConfirm } from './use-leave-confirm';

interface FormModalProps {
  title: string;
  /** The form holds typed data: closing (icon, Cancel, leaving the page) asks first. */
  dirty: boolean;
  onClose: () => void;
  /** Gets `requestClose` for the form's own Cancel button. */
  children: (requestClose: () => void) => ReactNode;
}

/**
 * A StaticModal around a form. Like every static modal (SPEC §2) it ignores Escape and backdrop
 * clicks; with typed data its close icon, Cancel and route changes ask 'Are you sure to leave?'
 * first. Mount it only while open (a router holds one navigation blocker at a time).
 */
export function FormModal({ title, dirty, onClose, children }: FormModalProps) {
  const { t } = useTranslation();
  const { confirmLeave, modal } = useLeaveConfirm(dirty, true, t('form.leaveFormText'));
  const requestClose = () => confirmLeave(onClose);
  return (
    <>
      <StaticModal open title={title} onClose={requestClose}>
        {children(requestClose)}
      </StaticModal>
      {modal}
    </>
  );
}
