import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error';
import { pendingRedirect } from '../../../lib/pending-redirect';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSocialCodeExchangeQuery } from '../api/social-signin-api';
import styles from '../auth-page.module.css';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

/**
 * Where the identity provider sends the browser back (?code=&state=): exchanges the code at
 * /oauth2/token and signs in, showing "Authentication is processing…" meanwhile.
 */
export default function SocialLoginIntPage() {
  const { t } = useTranslation();
  const title = t('auth.pages.socialLoginInt.title');
  usePageTitle(title);
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const providerError = params.get('error');
  const missing = Boolean(providerError) || !code;
  // One exchange per code (the query's cache), even if React mounts the page twice.
  const exchange = useSocialCodeExchangeQuery(missing ? skipToken : { code, state });
  const error = missing ? t('auth.social.missingCode') : exchange.isError ? apiErrorMessage(exchange.error) : '';

  const signedInData = exchange.data;
  useEffect(() => {
    if (!signedInData) return;
    const redirectTo = pendingRedirect.read();
    pendingRedirect.clear();
    completeSignIn(signedInData, redirectTo);
    // completeSignIn changes identity with the URL; sign in once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedInData]);

  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      {error ? (
        <>
          <FormAlert>
            <p>{t('auth.social.failed')}</p>
            <p>{error}</p>
          </FormAlert>
          <p className={styles.footer}>
            <Link to={paths.login}>{t('auth.backToSignIn')}</Link>
          </p>
        </>
      ) : (
        <LoadingOverlay inline label={t('auth.processing')} />
      )}
    </>
  );
}
