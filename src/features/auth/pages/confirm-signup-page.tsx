import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ConfirmSignupData } from '../../../../domain/auth/api-contract';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { paths } from '../../../config/paths';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirmSignupLinkQuery } from '../api/signup-api';
import styles from '../auth-page.module.css';
import { ConfirmedMessage } from '../components/confirmed-message';
import { destinationFromQuery } from '../destination';

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
  // One request per link (the query's cache), even when React mounts the page twice: the code is single use.
  const confirmation = useConfirmSignupLinkQuery(complete && destination ? { destination, code } : skipToken);
  const fallback = destination?.email ? 'messages.EMAIL_CONFIRMED_WAIT_APPROVAL' : 'messages.PHONE_VERIFIED_WAIT_APPROVAL';
  const outcome: Outcome = confirmation.data
    ? { kind: 'done', message: successMessage(confirmation.data.message_code, fallback), status: confirmation.data.data?.status }
    : confirmation.isError
      ? { kind: 'failed', message: apiErrorMessage(confirmation.error) }
      : { kind: 'pending' };

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
