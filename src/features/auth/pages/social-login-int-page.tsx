import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SigninData } from '../../../../domain/auth/api-contract';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error';
import { pendingRedirect } from '../../../lib/pending-redirect';
import { usePageTitle } from '../../../lib/use-page-title';
import { exchangeSocialCode } from '../api/auth-api';
import styles from '../auth-page.module.css';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

/** The provider's code is single use: one exchange per code, even if React runs the effect twice. */
const exchanges = new Map<string, Promise<SigninData>>();

function exchangeOnce(code: string, state: string): Promise<SigninData> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = exchangeSocialCode(code, state);
    exchanges.set(code, exchange);
  }
  return exchange;
}

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
  const [error, setError] = useState(() => (providerError || !code ? t('auth.social.missingCode') : ''));

  useEffect(() => {
    if (providerError || !code) return;
    let cancelled = false;
    exchangeOnce(code, state).then(
      (data) => {
        if (cancelled) return;
        const redirectTo = pendingRedirect.read();
        pendingRedirect.clear();
        completeSignIn(data, redirectTo);
      },
      (err: unknown) => {
        if (!cancelled) setError(apiErrorMessage(err));
      },
    );
    return () => {
      cancelled = true;
    };
    // completeSignIn changes identity with the URL; the exchange must run once per code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, state, providerError]);

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
