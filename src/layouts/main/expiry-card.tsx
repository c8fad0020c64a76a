import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { expiryState, formatDisplayDate, remainingUntil } from '../../../domain/package-expiry';
import { canPurchasePackages } from '../../../domain/permissions';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setCountdown, setTimeRemaining } from '../../features/campaign/campaign-slice';
import { COUNTDOWN_TICK_MS } from '../../config/constants';
import { paths } from '../../config/paths';
import styles from './expiry-card.module.css';
import { isCampaignScopeHidden } from './hide-rules';
import { selectSelectedCampaign } from '../../app/campaign-selectors';

/** Sidebar package card: inactive, expiring soon (with countdown) or active (SPEC §4). */
export function ExpiryCard() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const campaign = useAppSelector(selectSelectedCampaign);
  const [now, setNow] = useState(() => new Date());
  const { state, expiry } = campaign ? expiryState(campaign, now) : { state: null, expiry: null };

  useEffect(() => {
    if (state !== 'expiring-soon') return;
    const timer = setInterval(() => setNow(new Date()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [state]);

  // The one ticking source feeds SPEC §3's client-held countdown and time remaining (null / zero
  // when no countdown shows: more than 30 days left, or no package).
  const dispatch = useAppDispatch();
  const expiryMs = expiry?.getTime() ?? null;
  const nowMs = now.getTime();
  useEffect(() => {
    if (state !== 'expiring-soon' || expiryMs === null) {
      dispatch(setCountdown(null));
      return;
    }
    dispatch(setCountdown(Math.max(0, Math.floor((expiryMs - nowMs) / 1000))));
    dispatch(setTimeRemaining(remainingUntil(new Date(expiryMs), new Date(nowMs))));
  }, [dispatch, state, expiryMs, nowMs]);

  if (!campaign || !state || isCampaignScopeHidden(pathname)) return null;
  // SPEC §6: only owners and managers are offered the purchase; the others are told whom to ask.
  const action = canPurchasePackages(campaign.role) ? (
    <Link to={paths.purchasePackage} className={styles.action}>
      {t('expiry.purchase')}
    </Link>
  ) : (
    <p className={styles.text}>{t('packageModal.contactOwner')}</p>
  );

  if (state === 'inactive') {
    return (
      <section className={`${styles.card} ${styles.inactive}`} aria-label={t('expiry.title')}>
        <span className={styles.badgeInactive}>{t('expiry.inactive')}</span>
        <p className={styles.text}>{t('expiry.purchasePrompt')}</p>
        {action}
      </section>
    );
  }

  const date = expiry ? formatDisplayDate(expiry) : '';
  if (state === 'expiring-soon' && expiry) {
    const left = remainingUntil(expiry, now);
    return (
      <section className={`${styles.card} ${styles.warning}`} aria-label={t('expiry.title')}>
        <span className={styles.badgeActive}>{t('expiry.active')}</span>
        <p className={styles.text}>{t('expiry.expiresSoon', { date })}</p>
        <p className={styles.countdown}>{t('expiry.remaining', { days: left.days, hours: left.hours, minutes: left.minutes, seconds: left.seconds })}</p>
        {action}
      </section>
    );
  }

  return (
    <section className={styles.card} aria-label={t('expiry.title')}>
      <span className={styles.badgeActive}>{t('expiry.active')}</span>
      <p className={styles.text}>{t('expiry.isActive')}</p>
      <p className={styles.date}>{t('expiry.expiresOn', { date })}</p>
    </section>
  );
}
