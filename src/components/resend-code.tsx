import { useTranslation } from 'react-i18next';
import styles from './code-step.module.css';
import linkStyles from './link-button.module.css';

interface ResendCodeProps {
  /** Seconds before another code may be sent; the countdown shows while above zero. */
  remaining: number;
  sending: boolean;
  onResend: () => void;
}

/** '<n> sec remaining', then a 'Send Again' button (SPEC §2 auth texts). */
export function ResendCode({ remaining, sending, onResend }: ResendCodeProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.resend}>
      {remaining > 0 ? (
        <span role="timer">{t('auth.secRemaining', { count: remaining })}</span>
      ) : (
        <button type="button" className={linkStyles.linkButton} onClick={onResend} disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('auth.sending') : t('auth.sendAgain')}
        </button>
      )}
    </div>
  );
}
