import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ApiSuccess, ConfirmSignupData, DestinationInput } from '../../../../domain/auth/api-contract';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { paths } from '../../../config/paths';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { registerData } from '../../../lib/auth-flow-storage';
import { usePageTitle } from '../../../lib/use-page-title';
import { confirmSignup } from '../api/auth-api';
import styles from '../auth-page.module.css';
import { ConfirmedMessage } from '../components/confirmed-message';
import { destinationFromQuery } from '../destination';

/** One request per link, even when React runs the effect twice (the code is single use). */
const inFlight = new Map<string, Promise<ApiSuccess<ConfirmSignupData>>>();

function confirmOnce(destination: DestinationInput, code: string) {
  const key = JSON.stringify([destination, code]);
  let request = inFlight.get(key);
  if (!request) {
    request = confirmSignup(destination, code);
    inFlight.set(key, request);
    request.finally(() => setTimeout(() => inFlight.delete(key), 1000)).catch(() => undefined);
  }
  return request;
}

type Outcome = { kind: 'pending' } | { kind: 'done'; message: string; status?: ConfirmSignupData['status'] } | { kind: 'failed'; message: string };

/** Confirms a sign-up from a link carrying ?email=&code= (or ?phone=&code=). */
export default function ConfirmSignupPage() {
  const { t } = useTranslation();
  const title = t('auth.pages.confirmSignup.title');
  usePageTitle(title);
  const [params] = useSearchParams();
  const destination = destinationFromQuery(params);
  const code = params.get('code')?.trim() ?? '';
  const complete = destination !== null && code !== '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });

  const destinationKey = JSON.stringify(destination);
  useEffect(() => {
    if (!complete || !destination) return;
    let cancelled = false;
    confirmOnce(destination, code).then(
      (response) => {
        registerData.clear();
        const fallback = destination.email ? 'messages.EMAIL_CONFIRMED_WAIT_APPROVAL' : 'messages.PHONE_VERIFIED_WAIT_APPROVAL';
        if (!cancelled) setOutcome({ kind: 'done', message: successMessage(response.message_code, fallback), status: response.data?.status });
      },
      (err: unknown) => !cancelled && setOutcome({ kind: 'failed', message: apiErrorMessage(err) }),
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the address value, not the object
  }, [complete, destinationKey, code]);

  const verifyPath = destination?.phone
    ? `${paths.verifyRegistrationMobile}?phone=${encodeURIComponent(destination.phone)}`
    : `${paths.verifyRegistrationEmail}${destination?.email ? `?email=${encodeURIComponent(destination.email)}` : ''}`;

  let body;
  if (!complete)
    body = (
      <FormAlert kind="info">
        <p>{t('auth.confirmSignup.missing')}</p>
      </FormAlert>
    );
  else if (outcome.kind === 'pending') body = <LoadingOverlay inline label={t('auth.confirmSignup.confirming')} />;
  else if (outcome.kind === 'done') body = <ConfirmedMessage message={outcome.message} status={outcome.status} />;
  else
    body = (
      <FormAlert>
        <p>{outcome.message}</p>
      </FormAlert>
    );

  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      {body}
      {outcome.kind !== 'done' && (
        <div className={styles.links}>
          <Link to={verifyPath}>{t('auth.verifyPage.requestNewCode')}</Link>
          <Link to={paths.login}>{t('auth.backToSignIn')}</Link>
        </div>
      )}
    </>
  );
}
