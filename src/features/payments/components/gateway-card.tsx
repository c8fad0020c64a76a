import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { string } from 'yup';
import { GATEWAY_MODES, type GatewayMode, type GatewayView } from '../../../../domain/payments/api-contract';
import { PAYMENT_VALIDATION_MESSAGES, configureGatewayRequestSchema } from '../../../../domain/payments/requests';
import { FormAlert } from '../../../components/form-alert';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { formatDate } from '../../../lib/format';
import '../../../lib/staff-catalogue';
import { notify } from '../../../lib/toast';
import { useConfigureGatewayMutation, useTestGatewayMutation } from '../api/gateway-api';
import { CopyField } from './copy-field';
import styles from './staff.module.css';

interface GatewayValues {
  mode: GatewayMode;
  client_id: string;
  client_secret: string;
  webhook_id: string;
}

const FIELDS = ['mode', 'client_id', 'client_secret', 'webhook_id'] as const;
const pickedSchema = configureGatewayRequestSchema.pick([...FIELDS]);
/** The first time, the secret is required; later a blank one keeps the stored secret. */
const firstTimeSchema = pickedSchema.shape({
  client_secret: string()
    .typeError(PAYMENT_VALIDATION_MESSAGES.SECRET_REQUIRED)
    .required(PAYMENT_VALIDATION_MESSAGES.SECRET_REQUIRED)
    .trim()
    .max(300, PAYMENT_VALIDATION_MESSAGES.SECRET_REQUIRED),
});
const updateResolver = catalogueResolver<GatewayValues>(pickedSchema);
const firstTimeResolver = catalogueResolver<GatewayValues>(firstTimeSchema);

function toValues(gateway: GatewayView | null): GatewayValues {
  return { mode: gateway?.mode ?? 'sandbox', client_id: gateway?.client_id ?? '', client_secret: '', webhook_id: gateway?.webhook_id ?? '' };
}

interface GatewayCardProps {
  campaignId: string;
  /** The campaign's PayPal gateway, or null before it is set up. */
  gateway: GatewayView | null;
  canWrite: boolean;
}

/**
 * The campaign's PayPal account: mode, client id, client secret (never shown: only "•••• last4" of
 * the stored one; blank keeps it), webhook id; Save, Test connection, and the webhook URL to paste
 * into PayPal's dashboard. A save becomes the page's gateway (configureGateway updates the cached list).
 */
export function GatewayCard({ campaignId, gateway, canWrite }: GatewayCardProps) {
  const { t } = useTranslation();
  const [configureGateway] = useConfigureGatewayMutation();
  const [testGateway] = useTestGatewayMutation();
  const stored = gateway !== null;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<GatewayValues>({ defaultValues: toValues(gateway), resolver: stored ? updateResolver : firstTimeResolver });
  const mode = useWatch({ control, name: 'mode' });
  const [serverError, setServerError] = useState('');
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);

  const save = async (values: GatewayValues) => {
    setServerError('');
    setTest(null);
    try {
      const saved = await configureGateway({
        campaign_id: campaignId,
        provider: 'paypal',
        mode: values.mode,
        client_id: values.client_id,
        ...(values.client_secret ? { client_secret: values.client_secret } : {}),
        webhook_id: values.webhook_id.trim() === '' ? null : values.webhook_id.trim(),
      }).unwrap();
      notify.success(t('payments.gateway.saved'));
      reset(toValues(saved));
    } catch (err) {
      if (apiErrorCode(err) === 'VALIDATION_ERROR' && applyServerFieldErrors(err, setError, FIELDS)) return;
      setServerError(apiErrorMessage(err));
    }
  };

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      const answer = await testGateway(campaignId).unwrap();
      setTest({ ok: true, text: [t('payments.gateway.testOk'), answer.message].filter(Boolean).join(' ') });
    } catch (err) {
      setTest({ ok: false, text: apiErrorMessage(err) });
    } finally {
      setTesting(false);
    }
  };

  const modeOptions = GATEWAY_MODES.map((value) => ({ value, label: t(`payments.gateway.modes.${value}`) }));
  const status = !stored ? (
    <span className={styles.badge}>{t('payments.gateway.notSetUp')}</span>
  ) : gateway.verified_at ? (
    <span className={`${styles.badge} ${styles.badgeOk}`}>{t('payments.gateway.verified', { date: formatDate(gateway.verified_at) })}</span>
  ) : (
    <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('payments.gateway.notVerified')}</span>
  );

  return (
    <section className={styles.card} aria-labelledby="paypal-heading">
      <div className={styles.cardHead}>
        <h2 id="paypal-heading" className={styles.heading}>
          {t('payments.gateway.paypalTitle')}
        </h2>
        {status}
      </div>
      <p className={styles.text}>{canWrite ? t('payments.gateway.paypalText') : t('payments.gateway.readOnly')}</p>
      {serverError && (
        <FormAlert>
          <p>{serverError}</p>
        </FormAlert>
      )}
      <form onSubmit={handleSubmit(save)} noValidate aria-label={t('payments.gateway.paypalTitle')}>
        <fieldset disabled={!canWrite} className={styles.plainFieldset}>
          <div className={styles.grid}>
            <SelectField label={t('payments.gateway.mode')} required options={modeOptions} hint={t(`payments.gateway.modeHints.${mode}`)} error={errors.mode?.message} {...register('mode')} />
            <TextInput label={t('payments.gateway.clientId')} required autoComplete="off" spellCheck={false} maxLength={200} error={errors.client_id?.message} {...register('client_id')} />
            <TextInput
              label={t('payments.gateway.clientSecret')}
              type="password"
              required={!stored}
              autoComplete="new-password"
              spellCheck={false}
              maxLength={300}
              hint={stored ? t('payments.gateway.secretStored', { last4: gateway.secret_last4 }) : t('payments.gateway.secretFirst')}
              error={errors.client_secret?.message}
              {...register('client_secret')}
            />
            <TextInput label={t('payments.gateway.webhookId')} autoComplete="off" spellCheck={false} maxLength={100} hint={t('payments.gateway.webhookIdHint')} error={errors.webhook_id?.message} {...register('webhook_id')} />
          </div>
        </fieldset>
        {canWrite && (
          <div className={styles.actions}>
            <SubmitButton loading={isSubmitting}>{t('payments.gateway.save')}</SubmitButton>
            <SubmitButton type="button" variant="secondary" loading={testing} disabled={!stored} onClick={() => void runTest()}>
              {t('payments.gateway.test')}
            </SubmitButton>
            <span className={styles.inlineHint}>
              {stored ? t('payments.gateway.testHint') : t('payments.gateway.testFirst')}
            </span>
          </div>
        )}
      </form>
      {test && (
        <div className={styles.testResult}>
          <FormAlert kind={test.ok ? 'success' : 'error'}>
            <p>{test.text}</p>
          </FormAlert>
        </div>
      )}
      {gateway && (
        <>
          <h3 className={styles.subheading}>
            {t('payments.gateway.webhookTitle')}
          </h3>
          <p className={styles.text}>{t('payments.gateway.webhookText')}</p>
          <CopyField label={t('payments.gateway.webhookUrl')} value={gateway.webhook_url} copyLabel={t('payments.gateway.copyWebhook')} />
        </>
      )}
    </section>
  );
}
