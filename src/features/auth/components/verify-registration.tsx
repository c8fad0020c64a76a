import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { DestinationInput, UserStatus } from '../../../../domain/auth/api-contract';
import { confirmationCodeFormSchema } from '../../../../domain/validation/auth';
import { CodeStep } from '../../../components/code-step';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { paths } from '../../../config/paths';
import { successMessage } from '../../../lib/api-error';
import { registerData, secondsUntil } from '../../../lib/auth-flow-storage';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCodeValidityQuery, useConfirmSignupMutation, useResendConfirmationCodeMutation } from '../api/signup-api';
import styles from '../auth-page.module.css';
import { destinationFromFlow, destinationFromQuery, destinationText, type DestinationMode } from '../destination';
import { AddressForm } from './address-form';
import { ConfirmedMessage } from './confirmed-message';

interface Known {
  destination: DestinationInput;
  sentTo: string;
  resendIn: number;
}

function initialKnown(mode: DestinationMode, params: URLSearchParams): Known | null {
  const stored = registerData.read();
  const fromStore = destinationFromFlow(stored);
  const matchesMode = (d: DestinationInput | null) => d && (mode === 'email' ? d.email : d.phone);
  if (fromStore && matchesMode(fromStore)) {
    return { destination: fromStore, sentTo: stored?.destination || destinationText(fromStore), resendIn: secondsUntil(stored?.resendAt) };
  }
  const fromQuery = destinationFromQuery(params);
  return fromQuery && matchesMode(fromQuery) ? { destination: fromQuery, sentTo: destinationText(fromQuery), resendIn: -1 } : null;
}

/** Confirms a new account with the code sent to its e-mail (or mobile number). */
export function VerifyRegistration({ mode }: { mode: DestinationMode }) {
  const { t } = useTranslation();
  const page = mode === 'email' ? 'auth.pages.verifyRegistrationEmail' : 'auth.pages.verifyRegistrationMobile';
  const title = t(`${page}.title`);
  usePageTitle(title);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [known, setKnown] = useState<Known | null>(() => initialKnown(mode, params));
  const [done, setDone] = useState<{ message: string; status?: UserStatus } | null>(null);

  const [confirmSignup] = useConfirmSignupMutation();
  const [resendConfirmationCode] = useResendConfirmationCodeMutation();

  // An address from the URL: ask the server how long before a new code may be sent (a failure: at once).
  const needsValidity = known !== null && known.resendIn < 0;
  const validity = useCodeValidityQuery(needsValidity ? { destination: known.destination, purpose: 'signup' } : skipToken, { refetchOnMountOrArgChange: true });
  const resendIn = !needsValidity ? (known?.resendIn ?? -1) : validity.currentData ? validity.currentData.resend_in : validity.isError ? 0 : -1;

  const verify = async (code: string) => {
    if (!known) return;
    const response = await confirmSignup({ destination: known.destination, code }).unwrap();
    registerData.clear();
    const fallback = mode === 'email' ? 'messages.EMAIL_CONFIRMED_WAIT_APPROVAL' : 'messages.PHONE_VERIFIED_WAIT_APPROVAL';
    setDone({ message: successMessage(response.message_code, fallback), status: response.data?.status });
  };

  let body;
  if (done) body = <ConfirmedMessage message={done.message} status={done.status} />;
  else if (!known)
    body = (
      <>
        <p className={styles.intro}>{mode === 'email' ? t('auth.verifyPage.addressIntroEmail') : t('auth.verifyPage.addressIntroMobile')}</p>
        <AddressForm mode={mode} submitLabel={t('auth.continue')} onSubmit={(destination) => setKnown({ destination, sentTo: destinationText(destination), resendIn: -1 })} />
      </>
    );
  else if (resendIn < 0) body = <LoadingOverlay inline />;
  else
    body = (
      <CodeStep
        intro={t('auth.registration.codeIntro', { destination: known.sentTo })}
        schema={confirmationCodeFormSchema}
        resendIn={resendIn}
        onVerify={verify}
        onResend={async () => (await resendConfirmationCode(known.destination).unwrap()).resend_in}
        onBack={() => navigate(paths.registration)}
      />
    );

  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      {body}
      {!done && (
        <p className={styles.footer}>
          <Link to={paths.login}>{t('auth.backToSignIn')}</Link>
        </p>
      )}
    </>
  );
}
