import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { US_STATE_OPTIONS } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import { DONOR_ATTESTATIONS, ONLINE_GIFT_MAX_CENTS, type AttestationKey, type CheckoutStarted, type DonorDetailsBody } from '../../../../domain/payments/api-contract';
import { givingFormSchema, onlineAmountField } from '../../../../domain/payments/requests';
import { FormAlert } from '../../../components/form-alert';
import { MoneyInput } from '../../../components/money-input';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode } from '../../../lib/api-error';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { hardNavigate } from '../../../lib/navigation';
import '../../../lib/staff-catalogue';
import { payOnline } from '../api/payments-api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import styles from '../payments.module.css';
import { refusalText } from '../refusal-text';
import { PaypalLoading } from './giving-parts';
import { usePaypalCheckout } from './use-paypal-checkout';

/** PayPal's buttons: their chunk (and PayPal's script) load only on a form that shows them. */
const PaypalCheckoutButtons = lazy(() => import('./paypal-buttons'));

type DonorValues = Required<{ [K in keyof DonorDetailsBody]: string }>;

export interface GivingValues {
  amount_cents: number | null;
  donor: DonorValues;
  attestations: Record<AttestationKey, boolean>;
}

const DONOR_FIELDS = ['name', 'email', 'phone', 'address', 'apt_unit', 'city', 'state', 'zip', 'employer', 'occupation'] as const satisfies readonly (keyof DonorDetailsBody)[];

/** Every field a server `details.fields` entry may name (yup paths: 'donor.email', 'attestations.own_funds'). */
const FORM_FIELDS: Path<GivingValues>[] = [
  'amount_cents',
  ...DONOR_FIELDS.map((f) => `donor.${f}` as const),
  ...DONOR_ATTESTATIONS.map((a) => `attestations.${a.key}` as const),
];

const EMPTY_DONOR: DonorValues = { name: '', email: '', phone: '', address: '', apt_unit: '', city: '', state: '', zip: '', employer: '', occupation: '' };

/** '(212) 555-0123', '212.555.0123' and '+1 212 555 0123' are the 10 digits the schema asks for. */
export function normalizePhone(value: string): string {
  const compact = value.replace(/[\s().-]/g, '');
  return /^\+?1\d{10}$/.test(compact) ? compact.slice(-10) : compact;
}

/** The most one gift may be here (a pledge's remainder, the donor limit) with its own message. */
export interface AmountCap {
  cents: number;
  message: string;
}

function givingResolver(cap: AmountCap | null): Resolver<GivingValues> {
  const schema = cap && cap.cents < ONLINE_GIFT_MAX_CENTS ? givingFormSchema.shape({ amount_cents: onlineAmountField.max(cap.cents, cap.message) }) : givingFormSchema;
  const inner = catalogueResolver<GivingValues>(schema);
  // An unchosen state is missing (required), not an unknown one.
  return (values, context, options) =>
    inner({ ...values, donor: { ...values.donor, phone: normalizePhone(values.donor.phone), state: values.donor.state || undefined } } as unknown as GivingValues, context, options);
}

export interface GivingFormProps {
  /** The campaign's public address (sent with the payment). */
  slug: string;
  /** /pay-your-donation: the signed pledge link the payment pays. */
  pledgeToken?: string;
  /** Buttons of suggested amounts (radio group); none on the pledge page. */
  suggestedAmountsCents?: readonly number[];
  /** The amount typed in at first (the pledge's remainder). */
  defaultAmountCents?: number | null;
  /** The most one person may give this cycle (the hint under the amount); null: none known. */
  limitCents?: number | null;
  /** A cap the form checks before sending (with its message). */
  cap?: AmountCap | null;
  /** The statements of the answer (text by key); every statement of the contract is asked. */
  attestations?: readonly { key: AttestationKey; text: string }[];
  /** Details known already (the pledge's donor name). */
  defaultDonor?: Partial<DonorValues>;
  /**
   * The campaign's gateway runs on real PayPal (sandbox, live): PayPal's buttons (JS SDK) with this
   * client id instead of "Give $X" and the redirect. null: the redirect (the local stand-in).
   */
  paypal?: { clientId: string } | null;
}

/**
 * The giving form shared by /{slug} and /pay-your-donation: amount (suggested buttons as a radio group
 * and an "Other amount" in dollars), the donor's details a compliant contribution record needs, every
 * attestation as a required checkbox, and "Give $X". One press sends one request: the idempotency key
 * is made per attempt and the attempt is reused while its request is in flight; then the browser goes
 * to the provider's approval page. With `paypal`, PayPal's buttons take the place of "Give $X" (the
 * same order and capture requests, in PayPal's window: use-paypal-checkout.ts); if PayPal's script
 * cannot load, "Give $X" and the redirect come back.
 */
export function GivingForm({ slug, pledgeToken, suggestedAmountsCents = [], defaultAmountCents = null, limitCents = null, cap = null, attestations = [], defaultDonor, paypal = null }: GivingFormProps) {
  const { t } = useTranslation();
  const ids = useId();
  const presets = suggestedAmountsCents.filter((cents) => !cap || cents <= cap.cents);
  const [custom, setCustom] = useState(defaultAmountCents !== null || presets.length === 0);
  const [resolver] = useState(() => givingResolver(cap));
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<GivingValues>({
    defaultValues: {
      amount_cents: defaultAmountCents,
      donor: { ...EMPTY_DONOR, ...defaultDonor },
      attestations: Object.fromEntries(DONOR_ATTESTATIONS.map((a) => [a.key, false])) as Record<AttestationKey, boolean>,
    },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The first field in error in the page's order takes the focus (see below), not in registration order.
    shouldFocusError: false,
  });
  const amount = useWatch({ control, name: 'amount_cents' });
  const attempt = useRef<Promise<void> | null>(null);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState('');
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [invalidSubmits, setInvalidSubmits] = useState(0);

  useEffect(() => {
    if (invalidSubmits > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidSubmits]);

  useEffect(() => {
    if (serverError) alertRef.current?.focus();
  }, [serverError]);

  // Back from the provider's page through the browser's cache: the form may be used again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      attempt.current = null;
      setPending(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const statements = DONOR_ATTESTATIONS.map((a) => ({ key: a.key, text: attestations.find((s) => s.key === a.key)?.text ?? a.text }));

  /** Shows why the server refused the order: under the fields, or above the form. */
  const showRefusal = (err: unknown) => {
    if (apiErrorCode(err) === 'VALIDATION_ERROR' && applyServerFieldErrors(err, setError, FORM_FIELDS)) setInvalidSubmits((n) => n + 1);
    else setServerError(refusalText(err, t));
  };

  /** POST pay-online (the server decides what is charged); null when refused, the form saying why. */
  const startCheckout = async (values: GivingValues, key: string): Promise<CheckoutStarted | null> => {
    setServerError('');
    try {
      return await payOnline({
        slug,
        amount_cents: values.amount_cents as number,
        donor: { ...values.donor, apt_unit: values.donor.apt_unit.trim() === '' ? null : values.donor.apt_unit },
        attestations: values.attestations,
        idempotency_key: key,
        ...(pledgeToken ? { pledge_token: pledgeToken } : {}),
      });
    } catch (err) {
      showRefusal(err);
      return null;
    }
  };

  const send = async (values: GivingValues, key: string) => {
    const started = await startCheckout(values, key);
    if (started) {
      // Leaving for the approval page: the attempt stays taken so nothing is sent again meanwhile.
      hardNavigate(started.approve_url);
      return;
    }
    attempt.current = null;
    setPending(false);
  };

  /** The values when the form is valid (as a press of "Give" checks them: errors shown, the first focused); null otherwise. */
  const validValues = () =>
    new Promise<GivingValues | null>((resolve) => {
      void handleSubmit(resolve, () => {
        setInvalidSubmits((n) => n + 1);
        resolve(null);
      })();
    });

  const checkout = usePaypalCheckout({ validValues, startCheckout, showError: setServerError });

  const onValid = (values: GivingValues): Promise<void> => {
    // A second press (double click) while the first request is under way sends nothing new.
    if (attempt.current) return attempt.current;
    setPending(true);
    attempt.current = send(values, newIdempotencyKey());
    return attempt.current;
  };

  const pickPreset = (cents: number) => {
    setCustom(false);
    setValue('amount_cents', cents, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const validAmount = typeof amount === 'number' && Number.isFinite(amount) && amount > 0;
  const attestationError = DONOR_ATTESTATIONS.map((a) => errors.attestations?.[a.key]?.message).find(Boolean);
  const attestationErrorId = `${ids}-attestations-error`;
  const limitHintId = `${ids}-limit`;
  const donorError = (field: keyof DonorValues) => errors.donor?.[field]?.message;

  /** "Give $X": the redirect to the provider's approval page (the stand-in; PayPal's page when its buttons cannot load). */
  const giveButton = (note?: string) => (
    <>
      {note && <p className={styles.hint}>{note}</p>}
      <SubmitButton block loading={pending} className={styles.giveButton}>
        {validAmount ? t('payments.give.submit', { amount: formatCents(amount) }) : t('payments.give.submitNoAmount')}
      </SubmitButton>
      <p className={styles.hint} role="status">
        {pending ? t('payments.give.redirecting') : t('payments.give.nextStep')}
      </p>
    </>
  );

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void handleSubmit(onValid, () => setInvalidSubmits((n) => n + 1))(event)}
      noValidate aria-label={t('payments.give.formLabel')}>
      {serverError && (
        <div ref={alertRef} tabIndex={-1} className={styles.alertFocus}>
          <FormAlert>
            <p>{serverError}</p>
          </FormAlert>
        </div>
      )}

      <fieldset className={styles.fieldset} aria-describedby={limitCents !== null ? limitHintId : undefined}>
        <legend className={styles.legend}>{t('payments.give.amountLegend')}</legend>
        {presets.length > 0 && (
          <div className={styles.amounts}>
            {presets.map((cents) => {
              const id = `${ids}-amount-${cents}`;
              return (
                <div key={cents} className={styles.amountOption}>
                  <input
                    id={id}
                    type="radio"
                    name={`${ids}-amount`}
                    className={`visually-hidden ${styles.amountInput}`}
                    checked={!custom && amount === cents}
                    onChange={() => pickPreset(cents)}
                  />
                  <label htmlFor={id} className={styles.amountLabel}>
                    {formatCents(cents).replace(/\.00$/, '')}
                  </label>
                </div>
              );
            })}
          </div>
        )}
        <Controller
          control={control}
          name="amount_cents"
          render={({ field, fieldState }) => (
            <MoneyInput
              ref={field.ref}
              name={field.name}
              label={presets.length > 0 ? t('payments.give.otherAmount') : t('payments.give.amount')}
              required={presets.length === 0}
              value={custom ? field.value : null}
              onChange={(cents) => {
                setCustom(true);
                field.onChange(cents);
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        {limitCents !== null && (
          <p id={limitHintId} className={styles.hint}>
            {t('payments.give.limitHint', { limit: formatCents(limitCents) })}
          </p>
        )}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('payments.give.detailsLegend')}</legend>
        <p className={styles.hint}>{t('payments.give.detailsNote')}</p>
        <div className={styles.grid}>
          <div className={styles.full}>
            <TextInput label={t('payments.give.name')} required autoComplete="name" maxLength={100} error={donorError('name')} {...register('donor.name')} />
          </div>
          <TextInput label={t('payments.give.email')} required type="email" autoComplete="email" inputMode="email" error={donorError('email')} {...register('donor.email')} />
          <TextInput label={t('payments.give.phone')} required type="tel" autoComplete="tel-national" inputMode="tel" hint={t('payments.give.phoneHint')} error={donorError('phone')} {...register('donor.phone')} />
          <div className={styles.full}>
            <TextInput label={t('payments.give.address')} required autoComplete="address-line1" maxLength={200} error={donorError('address')} {...register('donor.address')} />
          </div>
          <div className={styles.full}>
            <TextInput label={t('payments.give.aptUnit')} autoComplete="address-line2" maxLength={50} error={donorError('apt_unit')} {...register('donor.apt_unit')} />
          </div>
          <div className={styles.full}>
            <TextInput label={t('payments.give.city')} required autoComplete="address-level2" maxLength={100} error={donorError('city')} {...register('donor.city')} />
          </div>
          <SelectField
            label={t('payments.give.state')}
            required
            autoComplete="address-level1"
            placeholder={t('payments.give.selectState')}
            options={US_STATE_OPTIONS}
            error={donorError('state')}
            {...register('donor.state')}
          />
          <TextInput label={t('payments.give.zip')} required autoComplete="postal-code" inputMode="numeric" maxLength={10} error={donorError('zip')} {...register('donor.zip')} />
          <TextInput label={t('payments.give.employer')} required autoComplete="organization" maxLength={100} error={donorError('employer')} {...register('donor.employer')} />
          <TextInput label={t('payments.give.occupation')} required autoComplete="organization-title" maxLength={100} error={donorError('occupation')} {...register('donor.occupation')} />
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('payments.give.confirmLegend')}</legend>
        <p className={styles.hint}>{t('payments.give.confirmNote')}</p>
        {statements.map((statement) => {
          const id = `${ids}-attest-${statement.key}`;
          const invalid = !!errors.attestations?.[statement.key];
          return (
            <div key={statement.key} className={styles.check}>
              <input
                id={id}
                type="checkbox"
                required
                className={styles.checkbox}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? attestationErrorId : undefined}
                {...register(`attestations.${statement.key}`)}
              />
              <label htmlFor={id}>{statement.text}</label>
            </div>
          );
        })}
        {attestationError && (
          <p id={attestationErrorId} className={styles.error} role="alert">
            {attestationError}
          </p>
        )}
      </fieldset>

      {paypal ? (
        <>
          {checkout.notice && <FormAlert kind="info">{checkout.notice}</FormAlert>}
          <Suspense fallback={<PaypalLoading />}>
            <PaypalCheckoutButtons
              clientId={paypal.clientId}
              disabled={checkout.confirming}
              hint={checkout.confirming ? t('payments.paypal.confirming') : t('payments.paypal.nextStep')}
              {...checkout.handlers}
              fallback={giveButton(t('payments.paypal.unavailable'))}
            />
          </Suspense>
        </>
      ) : (
        giveButton()
      )}
    </form>
  );
}
