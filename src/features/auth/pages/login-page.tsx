import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { MOBILE_DIGITS } from '../../../config/constants';
import { config } from '../../../config/env';
import { hardNavigate } from '../../../lib/navigation';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import styles from './login-page.module.css';

export const SIGNIN_PASSWORDLESS_PATH = '/auth/authentication/signin-passwordless';

const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@]+\.[A-Za-z]{2,}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;

type Mode = 'email' | 'mobile';

const MOBILE_PATTERN = new RegExp(`^\\d{${MOBILE_DIGITS}}$`);

/** Validates the one field of the sign-in form; returns the catalogue message or ''. */
function validateIdentifier(mode: Mode, value: string, t: (key: string) => string): string {
  const trimmed = value.trim();
  if (mode === 'email') {
    if (!trimmed) return t('auth.validation.emailRequired');
    return EMAIL_PATTERN.test(trimmed) ? '' : t('auth.validation.emailInvalid');
  }
  if (!trimmed) return t('auth.validation.mobileRequired');
  return MOBILE_PATTERN.test(trimmed) ? '' : t('auth.validation.mobileDigits');
}

/**
 * Sign in with a one-time code. A plain controlled form (no form library) keeps the
 * /auth/login download inside the ARCHITECTURE §8 budget.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.signIn'));
  const [mode, setMode] = useState<Mode>('email');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = validateIdentifier(mode, value, t);
    setTouched(true);
    setError(message);
    if (message) return;
    setSubmitting(true);
    try {
      const identifier = value.trim();
      const body = mode === 'email' ? { email: identifier } : { phone_number: identifier };
      // Loaded on demand so the first paint of /auth/login does not download axios.
      const { apiClient } = await import('../../../lib/api-client');
      await apiClient.post(SIGNIN_PASSWORDLESS_PATH, body);
      notify.success(t('auth.codeSent'));
    } catch (err) {
      notify.apiError(err);
    } finally {
      setSubmitting(false);
    }
  };

  const switchMode = () => {
    setMode((m) => (m === 'email' ? 'mobile' : 'email'));
    setValue('');
    setError('');
    setTouched(false);
  };

  const socialSignIn = (provider: string) => {
    if (!config.socialLoginUrl) {
      notify.error(t('auth.socialNotConfigured'));
      return;
    }
    hardNavigate(`${config.socialLoginUrl}?identity_provider=${encodeURIComponent(provider)}`);
  };

  return (
    <>
      <h1 className={styles.title}>{t('auth.signIn')}</h1>
      <p className={styles.intro}>{mode === 'email' ? t('auth.signInIntro') : t('auth.signInIntroMobile')}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          key={mode}
          name="identifier"
          label={mode === 'email' ? t('auth.email') : t('auth.mobileNumber')}
          type={mode === 'email' ? 'email' : 'tel'}
          autoComplete={mode === 'email' ? 'email' : 'tel'}
          inputMode={mode === 'email' ? 'email' : 'numeric'}
          required
          value={value}
          error={error || undefined}
          onChange={(e) => {
            setValue(e.target.value);
            if (touched) setError(validateIdentifier(mode, e.target.value, t));
          }}
          onBlur={() => {
            setTouched(true);
            setError(validateIdentifier(mode, value, t));
          }}
        />
        <div className={styles.switch}>
          <button type="button" className={styles.linkButton} onClick={switchMode}>
            {mode === 'email' ? t('auth.tryMobileNumber') : t('auth.tryEmail')}
          </button>
        </div>
        <SubmitButton block loading={submitting}>
          {submitting ? t('auth.sending') : t('auth.sendCode')}
        </SubmitButton>
      </form>
      <div className={styles.divider}>{t('auth.or')}</div>
      <div className={styles.social}>
        <SubmitButton type="button" variant="secondary" block onClick={() => socialSignIn('Google')}>
          {t('auth.loginWithGoogle')}
        </SubmitButton>
        <p className={styles.socialNote}>
          <button type="button" className={styles.linkButton} onClick={() => socialSignIn('')}>
            {t('auth.continueWithSocial')}
          </button>
        </p>
      </div>
    </>
  );
}
