import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DestinationInput } from '../../../../domain/auth/api-contract';
import { FormAlert } from '../../../components/form-alert';
import { paths } from '../../../config/paths';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { recoverData, resendAtFrom } from '../../../lib/auth-flow-storage';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { forgotPassword } from '../api/auth-api';
import styles from '../auth-page.module.css';
import type { DestinationMode } from '../destination';
import { AddressForm } from './address-form';

/** Requests a password-reset code by e-mail or text, then goes on to the reset page. */
export function ForgotPassword({ mode }: { mode: DestinationMode }) {
  const { t } = useTranslation();
  const page = mode === 'email' ? 'auth.pages.forgetPasswordEmail' : 'auth.pages.forgetPasswordMobile';
  const title = t(`${page}.title`);
  usePageTitle(title);
  const navigate = useNavigate();
  const [error, setError] = useState('');

  const send = async (destination: DestinationInput) => {
    setError('');
    try {
      const response = await forgotPassword(destination);
      recoverData.write({ ...destination, destination: response.data?.destination, resendAt: resendAtFrom(response.data?.resend_in) });
      notify.success(successMessage(response.message_code, 'messages.RESET_SENT'));
      navigate(paths.resetPassword);
    } catch (err) {
      setError(apiErrorMessage(err));
    }
  };

  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{t(`${page}.context`)}</p>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      <AddressForm mode={mode} submitLabel={t('auth.recover.submit')} onSubmit={send} />
      <div className={styles.links}>
        <Link to={mode === 'email' ? paths.forgetPasswordMobile : paths.forgetPasswordEmail}>
          {mode === 'email' ? t('auth.tryMobileNumber') : t('auth.tryEmail')}
        </Link>
        <Link to={paths.login}>{t('auth.backToSignIn')}</Link>
      </div>
    </>
  );
}
