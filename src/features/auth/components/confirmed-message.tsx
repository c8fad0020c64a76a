import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserStatus } from '../../../../domain/auth/api-contract';
import { FormAlert } from '../../../components/form-alert';
import { paths } from '../../../config/paths';
import styles from '../auth-page.module.css';

interface ConfirmedMessageProps {
  /** Catalogue text of the answer's message_code (EMAIL_CONFIRMED_WAIT_APPROVAL …). */
  message: string;
  status?: UserStatus;
}

/** The outcome of a confirmed sign-up, with the way back to sign in. */
export function ConfirmedMessage({ message, status }: ConfirmedMessageProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.centered}>
      <FormAlert kind="success">
        <p>{message}</p>
        {status === 'active' && <p>{t('auth.verifyPage.activeNow')}</p>}
      </FormAlert>
      <Link to={paths.login}>{t('auth.goToSignIn')}</Link>
    </div>
  );
}
