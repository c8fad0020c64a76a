import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmModal } from './confirm-modal';

/**
 * "Are you sure to leave?" while `dirty` (a typed code): route changes are held by a blocker,
 * in-page exits go through `confirmLeave(action)`, and closing the tab asks the browser to confirm.
 * `allowLeave()` lets the next navigation through (after a successful submit). `text` replaces the
 * default sentence (about a typed code), e.g. for a form.
 */
export function useLeaveConfirm(dirty: boolean, guardRoutes = true, text?: string) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guardRoutes && dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const confirmLeave = (action: () => void) => {
    if (dirty) setPending(() => action);
    else action();
  };

  const stay = () => {
    if (blocked) blocker.reset?.();
    setPending(null);
  };
  const leave = () => {
    if (blocked) blocker.proceed?.();
    else pending?.();
    setPending(null);
  };

  const modal = (
    <ConfirmModal open={blocked || pending !== null} title={t('auth.leaveConfirm')} confirmLabel={t('auth.leave')} cancelLabel={t('auth.stay')} onConfirm={leave} onCancel={stay}>
      {text ?? t('auth.leaveConfirmText')}
    </ConfirmModal>
  );

  return {
    confirmLeave,
    modal,
    allowLeave: (value = true) => {
      allowed.current = value;
    },
  };
}
