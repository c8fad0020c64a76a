import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DestinationInput } from '../../../../domain/auth/api-contract';
import { FormAlert } from '../../../components/form-alert';
import linkStyles from '../../../components/link-button.module.css';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { requestSigninCode } from '../api/auth-api';
import styles from '../auth-page.module.css';
import { SocialButtons } from '../components/social-buttons';
import { toDestination, type DestinationMode } from '../destination';

// Loaded on demand: react-hook-form and yup stay out of the /auth/login first paint (ARCHITECTURE §8).
const LoginCodeStep = lazy(() => import('../components/login-code-step'));
const PasswordSigninForm = lazy(() => import('../components/password-signin-form'));
const loadValidation = () => import('../components/identifier-validation');

/** Fallback cool-down when the server does not say (its own is 60 s). */
const DEFAULT_RESEND_SECONDS = 60;

type Step = { kind: 'identify' } | { kind: 'password' } | { kind: 'code'; destination: DestinationInput; sentTo: string; resendIn: number };

interface ServerError {
  message: string;
  code?: string;
}

/**
 * Sign in: one-time code by e-mail (default) or text, with password and social sign-in too.
 * The first step is a plain controlled form validated with the (lazily loaded) domain schemas.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.signIn'));
  const [step, setStep] = useState<Step>({ kind: 'identify' });
  const [mode, setMode] = useState<DestinationMode>('email');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const validationRun = useRef(0);

  /** Validates `input`; only the latest run may set the message. */
  const validate = async (input: string, forMode = mode): Promise<string> => {
    const run = ++validationRun.current;
    const { validateIdentifier } = await loadValidation();
    const message = await validateIdentifier(forMode, input);
    if (run === validationRun.current) setError(message);
    return message;
  };

  const showServerError = (err: unknown) => setServerError({ message: apiErrorMessage(err), code: apiErrorCode(err) });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    setSubmitting(true);
    try {
      if (await validate(value)) return;
      const destination = toDestination(mode, value);
      const sent = await requestSigninCode(destination);
      setStep({
        kind: 'code',
        destination,
        sentTo: sent?.destination || value.trim(),
        resendIn: typeof sent?.resend_in === 'number' ? sent.resend_in : DEFAULT_RESEND_SECONDS,
      });
    } catch (err) {
      showServerError(err);
    } finally {
      setSubmitting(false);
    }
  };

  const switchMode = () => {
    const next = mode === 'email' ? 'mobile' : 'email';
    validationRun.current += 1;
    setMode(next);
    setValue('');
    setError('');
    setTouched(false);
    setServerError(null);
  };

  const backToStart = () => {
    setServerError(null);
    setStep({ kind: 'identify' });
  };

  if (step.kind === 'code') {
    return (
      <>
        <h1 className={styles.title}>{t('auth.signIn')}</h1>
        <Suspense fallback={<LoadingOverlay inline />}>
          <LoginCodeStep destination={step.destination} sentTo={step.sentTo} resendIn={step.resendIn} onBack={backToStart} />
        </Suspense>
      </>
    );
  }

  if (step.kind === 'password') {
    return (
      <>
        <h1 className={styles.title}>{t('auth.signIn')}</h1>
        <p className={styles.intro}>{t('auth.passwordIntro')}</p>
        <Suspense fallback={<LoadingOverlay inline />}>
          <PasswordSigninForm />
        </Suspense>
        <div className={styles.links}>
          <button type="button" className={linkStyles.linkButton} onClick={backToStart}>
            {t('auth.useCodeInstead')}
          </button>
          <Link to={paths.recoverPassword}>{t('auth.forgotPassword')}</Link>
        </div>
      </>
    );
  }

  return (
    <>
      <h1 className={styles.title}>{t('auth.signIn')}</h1>
      <p className={styles.intro}>{mode === 'email' ? t('auth.signInIntro') : t('auth.signInIntroMobile')}</p>
      {serverError && (
        <FormAlert>
          <p>{serverError.message}</p>
          {serverError.code === 'ADMIN_APPROVAL_REQUIRED' && <p>{t('auth.notVerified')}</p>}
        </FormAlert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          key={mode}
          name={mode === 'email' ? 'email' : 'phone'}
          label={mode === 'email' ? t('auth.email') : t('auth.mobileNumber')}
          type={mode === 'email' ? 'email' : 'tel'}
          autoComplete={mode === 'email' ? 'email' : 'tel'}
          inputMode={mode === 'email' ? 'email' : 'numeric'}
          required
          value={value}
          error={error || undefined}
          onFocus={() => void loadValidation()}
          onChange={(e) => {
            setValue(e.target.value);
            if (touched) void validate(e.target.value);
          }}
          onBlur={() => {
            setTouched(true);
            void validate(value);
          }}
        />
        <div className={styles.switch}>
          <button type="button" className={linkStyles.linkButton} onClick={switchMode}>
            {mode === 'email' ? t('auth.tryMobileNumber') : t('auth.tryEmail')}
          </button>
        </div>
        <SubmitButton block loading={submitting}>
          {submitting ? t('auth.sending') : t('auth.sendCode')}
        </SubmitButton>
      </form>
      <div className={styles.links}>
        <button type="button" className={linkStyles.linkButton} onClick={() => setStep({ kind: 'password' })}>
          {t('auth.signInWithPassword')}
        </button>
        <Link to={paths.recoverPassword}>{t('auth.forgotPassword')}</Link>
      </div>
      <div className={styles.divider}>{t('auth.or')}</div>
      <SocialButtons onError={showServerError} />
      <p className={styles.footer}>
        {t('auth.noAccount')} <Link to={paths.registration}>{t('auth.createAccount')}</Link>
      </p>
    </>
  );
}
