import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SocialProvider } from '../../../../domain/auth/api-contract';
import { SubmitButton } from '../../../components/submit-button';
import linkStyles from '../../../components/link-button.module.css';
import { pendingRedirect } from '../../../lib/pending-redirect';
import { hardNavigate } from '../../../lib/navigation';
import styles from '../auth-page.module.css';
import { startSocialSignin } from '../api/auth-api';

interface SocialButtonsProps {
  onError: (err: unknown) => void;
}

/** 'Login with Google' and 'continue with a social provider' (Auth0): both leave for the provider. */
export function SocialButtons({ onError }: SocialButtonsProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState<SocialProvider | null>(null);

  const start = async (provider: SocialProvider) => {
    setBusy(provider);
    try {
      const url = await startSocialSignin(provider);
      pendingRedirect.write(params.get('redirect_to'));
      hardNavigate(url);
    } catch (err) {
      onError(err);
      setBusy(null);
    }
  };

  return (
    <div className={styles.social}>
      <SubmitButton type="button" variant="secondary" block loading={busy === 'google'} disabled={busy !== null} onClick={() => start('google')}>
        {t('auth.loginWithGoogle')}
      </SubmitButton>
      <p className={styles.socialNote}>
        <button type="button" className={linkStyles.linkButton} disabled={busy !== null} aria-busy={busy === 'auth0' || undefined} onClick={() => start('auth0')}>
          {t('auth.continueWithSocial')}
        </button>
      </p>
    </div>
  );
}
