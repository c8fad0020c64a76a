import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DestinationInput } from '../../../../domain/auth/api-contract';
import { FormAlert } from '../../../components/form-alert';
import linkStyles from '../../../components/link-button.module.css';
import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error';
import { recoverData, resendAtFrom, secondsUntil } from '../../../lib/auth-flow-storage';
import { usePageTitle } from '../../../lib/use-page-title';
import { forgotPassword } from '../api/auth-api';
import styles from '../auth-page.module.css';
import { destinationFromFlow, destinationFromQuery, destinationText, type DestinationMode } from '../destination';
import { AddressForm } from './address-form';
import { PasswordCodeForm } from './password-code-form';

interface Known {
  destination: DestinationInput;
  sentTo: string;
  resendIn: number;
}

function initialKnown(params: URLSearchParams): Known | null {
  const fromQuery = destinationFromQuery(params);
  if (fromQuery) return { destination: fromQuery, sentTo: destinationText(fromQuery), resendIn: 0 };
  const stored = recoverData.read();
  const destination = destinationFromFlow(stored);
  return destination ? { destination, sentTo: stored?.destination || destinationText(destination), resendIn: secondsUntil(stored?.resendAt) } : null;
}

/**
 * Set a password / reset the password: the address (from the recovery flow, the URL, or typed
 * here to get a code), then code + new password + confirmation.
 */
export function PasswordPage({ page }: { page: 'setPassword' | 'resetPassword' }) {
  const { t } = useTranslation();
  const title = t(`auth.pages.${page}.title`);
  usePageTitle(title);
  const [params] = useSearchParams();
  const [known, setKnown] = useState<Known | null>(() => initialKnown(params));
  const [mode, setMode] = useState<DestinationMode>('email');
  const [error, setError] = useState('');

  const sendCode = async (destination: DestinationInput) => {
    setError('');
    try {
      const response = await forgotPassword(destination);
      const resendIn = response.data?.resend_in ?? 0;
      recoverData.write({ ...destination, destination: response.data?.destination, resendAt: resendAtFrom(resendIn) });
      setKnown({ destination, sentTo: response.data?.destination || destinationText(destination), resendIn });
    } catch (err) {
      setError(apiErrorMessage(err));
    }
  };

  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{t(`auth.pages.${page}.context`)}</p>
      {known ? (
        <PasswordCodeForm destination={known.destination} sentTo={known.sentTo} resendIn={known.resendIn} initialCode={params.get('code')?.trim() ?? ''} />
      ) : (
        <>
          <p className={styles.intro}>{t('auth.passwordForm.noCodeYet')}</p>
          {error && (
            <FormAlert>
              <p>{error}</p>
            </FormAlert>
          )}
          <AddressForm key={mode} mode={mode} submitLabel={t('auth.sendCode')} onSubmit={sendCode} />
          <div className={styles.switchBelow}>
            <button type="button" className={linkStyles.linkButton} onClick={() => setMode(mode === 'email' ? 'mobile' : 'email')}>
              {mode === 'email' ? t('auth.tryMobileNumber') : t('auth.tryEmail')}
            </button>
          </div>
        </>
      )}
      <p className={styles.footer}>
        <Link to={paths.login}>{t('auth.backToSignIn')}</Link>
      </p>
    </>
  );
}
