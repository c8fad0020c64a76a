import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { purchaseReminderDelayMs, shouldShowExpiryModal, shouldShowPurchaseReminder } from '../../../domain/package-modals';
import { canPurchasePackages } from '../../../domain/permissions';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { StaticModal } from '../../components/static-modal';
import { SubmitButton } from '../../components/submit-button';
import { paths } from '../../config/paths';
import { useMarkNotifyShownMutation } from '../../features/campaign/api/campaign-api';
import { markPopupShown } from '../../features/campaign/campaign-slice';
import { selectSelectedCampaign } from '../../app/campaign-selectors';
import styles from './package-modals.module.css';

/** The expiry notification and purchase-reminder modals of the header (SPEC §4, §6). */
export function PackageModals() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const campaign = useAppSelector(selectSelectedCampaign);
  const paymentFlag = useAppSelector((s) => s.campaign.paymentFlag);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [reminderReady, setReminderReady] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [markNotifyShown] = useMarkNotifyShownMutation();
  const id = campaign ? campaign.campaign_id : null;
  const mayPurchase = canPurchasePackages(campaign?.role);
  // SPEC §2/§4: only the purchase reminder is suppressed, and only on the purchase pages
  // (shouldShowPurchaseReminder); both modals show on every other page, my-account and campaign included.
  const expiryOpen = !!campaign && dismissed !== id && shouldShowExpiryModal(campaign, new Date());
  const reminderWanted = !!campaign && dismissed !== id && shouldShowPurchaseReminder(campaign, { paymentFlag, pathname });
  const delay = purchaseReminderDelayMs(pathname);
  const readyKey = `${id}|${pathname}`;

  useEffect(() => {
    if (!reminderWanted) return;
    const timer = setTimeout(() => setReminderReady(readyKey), delay);
    return () => clearTimeout(timer);
  }, [reminderWanted, delay, readyKey]);

  const closeExpiry = async () => {
    if (!id) return;
    setBusy(true);
    try {
      await markNotifyShown(id).unwrap();
    } catch (err) {
      console.error('Could not record the expiry popup as shown', err);
    } finally {
      setBusy(false);
      dispatch(markPopupShown(id));
      setDismissed(id);
    }
  };

  const purchase = () => {
    setDismissed(id);
    void navigate(paths.purchasePackage);
  };

  if (expiryOpen) {
    return (
      <StaticModal open title={t('packageModal.expiryTitle')} onClose={() => void closeExpiry()}>
        <p className={styles.text}>{t('packageModal.expiryText', { name: campaign.campaign_name })}</p>
        <div className={styles.actions}>
          <SubmitButton type="button" variant="secondary" loading={busy} onClick={() => void closeExpiry()}>
            {t('packageModal.cancel')}
          </SubmitButton>
          <SubmitButton type="button" onClick={purchase}>
            {t('packageModal.renew')}
          </SubmitButton>
        </div>
      </StaticModal>
    );
  }

  const reminderOpen = reminderWanted && reminderReady === readyKey;
  return (
    <StaticModal open={reminderOpen} title={t('packageModal.reminderTitle')} onClose={() => setDismissed(id)}>
      <p className={styles.text}>{t('packageModal.reminderText', { name: campaign?.campaign_name ?? '' })}</p>
      {!mayPurchase && <p className={styles.text}>{t('packageModal.contactOwner')}</p>}
      <div className={styles.actions}>
        <SubmitButton type="button" variant="secondary" onClick={() => setDismissed(id)}>
          {t('packageModal.close')}
        </SubmitButton>
        {mayPurchase && (
          <SubmitButton type="button" onClick={purchase}>
            {t('packageModal.purchasePlan')}
          </SubmitButton>
        )}
      </div>
    </StaticModal>
  );
}
