import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../../domain/money';
import type { PledgeLinkView } from '../../../../domain/payments/api-contract';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import '../../../lib/donor-catalogue';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePublicData } from '../../../lib/use-public-data';
import { getPledgeLink } from '../api/payments-api';
import { GivingForm } from '../components/giving-form';
import { GivingNotices } from '../components/giving-notices';
import { CampaignHead, DonorMessageCard, GivingLanguage, GivingUnavailable, TestModeBanner } from '../components/giving-parts';
import { httpStatus } from '../http-status';
import styles from '../payments.module.css';

/** A link that is not one (missing, malformed, expired, or its pledge is gone). */
function isInvalidLink(err: unknown): boolean {
  const status = httpStatus(err);
  return apiErrorCode(err) === 'PAYMENT_LINK_INVALID' || status === 400 || status === 404;
}

/**
 * /pay-your-donation?token=…: a donor (not signed in) pays what remains on one pledge through the
 * signed link the campaign sent: the pledge's figures, then the giving form with the remainder as
 * its amount (and its cap) and every detail the campaign holds of the donor filled in (a changed
 * address, employer or occupation is recorded on the donor when the payment is captured).
 * Without the router: the donors' entry shows it as it is, the staff app through pay-your-donation-page.tsx.
 */
export function PayYourDonationView({ token }: { token: string }) {
  const { t } = useTranslation();
  const title = t('pages.payYourDonation.title');
  usePageTitle(title);
  const link = usePublicData(token ? `pledge-link:${token}` : null, (signal) => getPledgeLink(token, signal));

  if (!token || (link.error && !link.data && isInvalidLink(link.error))) {
    return (
      <DonorMessageCard titleId="pledge-title" title={title}>
        <div className={styles.notice} role="alert">
          <h2>{t('payments.pledge.invalidTitle')}</h2>
          <p>{t('errors.PAYMENT_LINK_INVALID')}</p>
        </div>
      </DonorMessageCard>
    );
  }
  if (link.error && !link.data) {
    return (
      <DonorMessageCard titleId="pledge-title" title={title}>
        <p className={styles.note} role="alert">
          {apiErrorMessage(link.error)}
        </p>
        <div className={styles.actions}>
          <SubmitButton type="button" variant="secondary" onClick={link.reload}>
            {t('payments.give.retry')}
          </SubmitButton>
        </div>
      </DonorMessageCard>
    );
  }
  if (link.loading || !link.data) return <LoadingOverlay inline />;
  return <PledgePayment title={title} token={token} view={link.data} />;
}

function PledgePayment({ title, token, view }: { title: string; token: string; view: PledgeLinkView }) {
  const { t } = useTranslation();
  const remaining = view.remaining_cents;
  return (
    <section className={styles.card} aria-labelledby="pledge-title">
      <GivingLanguage />
      {view.giving.available && view.giving.test_mode && <TestModeBanner />}
      <CampaignHead titleId="pledge-title" title={title} name={view.campaign_name} logo={view.logo} />
      <p className={styles.message}>{t('payments.pledge.intro', { name: view.donor_name, date: formatDate(view.commitment_date) })}</p>
      <dl className={styles.figures} aria-label={t('payments.pledge.figures')}>
        <div>
          <dt>{t('payments.pledge.committed')}</dt>
          <dd>{formatCents(view.committed_cents)}</dd>
        </div>
        <div>
          <dt>{t('payments.pledge.paid')}</dt>
          <dd>{formatCents(view.paid_cents)}</dd>
        </div>
        <div>
          <dt>{t('payments.pledge.remaining')}</dt>
          <dd>{formatCents(remaining)}</dd>
        </div>
      </dl>
      {!view.giving.available ? (
        <GivingUnavailable reason={view.giving.reason} />
      ) : remaining <= 0 ? (
        <p className={styles.notice} role="status">
          {t('payments.pledge.paidInFull')}
        </p>
      ) : (
        <GivingForm
          slug={view.slug}
          pledgeToken={token}
          defaultAmountCents={remaining}
          cap={{ cents: remaining, message: t('payments.pledge.overRemaining', { amount: formatCents(remaining) }) }}
          defaultDonor={view.donor}
          paypal={view.giving.mode !== 'local' && view.giving.client_id ? { clientId: view.giving.client_id } : null}
        />
      )}
      <GivingNotices notices={view.notices} />
    </section>
  );
}
