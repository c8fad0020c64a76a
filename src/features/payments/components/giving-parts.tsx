import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_PAYMENTS_LABEL, type GivingUnavailableReason } from '../../../../domain/payments/api-contract';
import { LanguagePicker } from '../../../components/language-picker';
import { config } from '../../../config/env';
import { pictureUrl } from '../../../lib/picture-url';
import '../../../lib/donor-catalogue';
import styles from '../payments.module.css';

/** The donor's language choice (English / বাংলা), at the top right of the giving and payment result pages. */
export function GivingLanguage() {
  return (
    <div className={styles.language}>
      <LanguagePicker />
    </div>
  );
}

/** A donor page's card that only says something (an error, a link that is not one): the language choice, the page's title, then `children`. */
export function DonorMessageCard({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <GivingLanguage />
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Shown on every page of a payment made with the local stand-in (or PayPal's sandbox). */
export function TestModeBanner() {
  return (
    <p className={styles.banner} role="note">
      {TEST_PAYMENTS_LABEL}
    </p>
  );
}

/** The page title, the campaign's logo, name and office. */
export function CampaignHead({ titleId, title, name, logo, office }: { titleId: string; title: string; name: string; logo?: string | null; office?: string | null }) {
  const { t } = useTranslation();
  return (
    <div className={styles.head}>
      {logo && <img className={styles.logo} src={pictureUrl(logo)} alt={t('pages.publicDonation.logoAlt', { name })} />}
      <div>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        <p className={styles.campaign}>{name}</p>
        {office && <p className={styles.office}>{t('payments.give.office', { office })}</p>}
      </div>
    </div>
  );
}

/**
 * The campaign's video (GivingPage.video_url: a public URL relative to the API's base URL, streamed
 * with Range support, no sign-in). Its box is reserved at 16:9 so the form does not jump when it loads.
 */
export function CampaignVideo({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const src = url.startsWith('/') ? `${config.apiBaseUrl.replace(/\/+$/, '')}${url}` : url;
  return (
    <video
      controls
      preload="metadata"
      playsInline
      src={src}
      aria-label={t('pages.publicDonation.videoLabel', { name })}
      style={{ display: 'block', width: '100%', aspectRatio: '16 / 9', margin: '0 0 var(--space-2)', borderRadius: 'var(--radius-md)', background: '#000', objectFit: 'contain' }}
    />
  );
}

/** Online giving is closed: one plain sentence per reason instead of the form. */
export function GivingUnavailable({ reason }: { reason: GivingUnavailableReason }) {
  const { t } = useTranslation();
  return (
    <section className={styles.notice} role="status" aria-labelledby="giving-unavailable">
      <h2 id="giving-unavailable">{t('payments.give.unavailableTitle')}</h2>
      <p>{t(`payments.give.unavailable.${reason}`)}</p>
    </section>
  );
}

/** While PayPal's buttons load (their chunk, then PayPal's script). */
export function PaypalLoading() {
  const { t } = useTranslation();
  return (
    <p className={styles.progress} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {t('payments.paypal.loading')}
    </p>
  );
}
