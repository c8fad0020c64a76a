import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { US_STATE_OPTIONS } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import { DONOR_ATTESTATIONS, ONLINE_GIFT_MAX_CENTS, type AttestationKey, type CheckoutStarted, type DonorDetailsBody } from '../../../../domain/payments/api-contract';
import { EMPLOYMENT_CHOICES, employmentChoice } from '../../../../domain/payments/employment';
import { givingFormSchema, isAbroad, onlineAmountField } from '../../../../domain/payments/requests';
import { DEFAULT_COUNTRY } from '../../../../domain/validation/fields';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { FormAlert } from '../../../components/form-alert';
import { MoneyInput } from '../../../components/money-input';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode } from '../../../lib/api-error';
import { countryOptions } from '../../../lib/countries';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import '../../../lib/giving-validation-text';
import { hardNavigate } from '../../../lib/navigation';
import '../../../lib/donor-catalogue';
import { payOnline } from '../api/payments-api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import styles from '../payments.module.css';
import { draftKey, readGivingDraft, saveGivingDraft } from '../giving-draft';
import { refusalText } from '../refusal-text';
import { PaypalLoading } from './giving-parts';
import { usePaypalCheckout } from './use-paypal-checkout';

/** PayPal's buttons: their chunk (and PayPal's script) load only on a form that shows them. */
const PaypalCheckoutButtons = lazy(() => import('./paypal-buttons'));

type DonorValues = Required<{ [K in keyof DonorDetailsBody]: string }>;

export interface GivingValues {
  amount_cents: number | null;
  /** The "Employment" choice (not sent: it fills employer and occupation). */
  employment: string;
  donor: DonorValues;
  attestations: Record<AttestationKey, boolean>;
}

/** The donor's fields in the page's order (the error summary lists them so). */
const DONOR_FIELDS = ['name', 'email', 'phone', 'address', 'apt_unit', 'city', 'country', 'state', 'zip', 'employer', 'occupation'] as const satisfies readonly (keyof DonorDetailsBody)[];

/** The ids of the fields (one giving form per page): the error summary's links lead to them. */
const AMOUNT_ID = 'giving-amount';
const donorFieldId = (field: keyof DonorValues) => `giving-${field.replace('_', '-')}`;
const attestationId = (key: AttestationKey) => `giving-attest-${key.replace(/_/g, '-')}`;

/** Every field a server `details.fields` entry may name (yup paths: 'donor.email', 'attestations.own_funds'). */
const FORM_FIELDS: Path<GivingValues>[] = [
  'amount_cents',
  ...DONOR_FIELDS.map((f) => `donor.${f}` as const),
  ...DONOR_ATTESTATIONS.map((a) => `attestations.${a.key}` as const),
];

const EMPTY_DONOR: DonorValues = { name: '', email: '', phone: '', address: '', apt_unit: '', city: '', country: DEFAULT_COUNTRY, state: '', zip: '', employer: '', occupation: '' };

/** Only the known fields of a kept draft. */
function pick(values: Record<string, string> | undefined, fields: readonly string[]): Partial<DonorValues> {
  return values ? (Object.fromEntries(fields.filter((f) => typeof values[f] === 'string').map((f) => [f, values[f]])) as Partial<DonorValues>) : {};
}

/** The most one gift may be here (a pledge's remainder, the donor limit) with its own message. */
export interface AmountCap {
  cents: number;
  message: string;
}

function givingResolver(cap: AmountCap | null): Resolver<GivingValues> {
  const schema = cap && cap.cents < ONLINE_GIFT_MAX_CENTS ? givingFormSchema.shape({ amount_cents: onlineAmountField.max(cap.cents, cap.message) }) : givingFormSchema;
  const inner = catalogueResolver<GivingValues>(schema);
  // An unchosen state is missing (required), not an unknown one; an empty phone is none. The phone is
  // checked as typed by the one phone rule (loaded on the first submit); the server stores its digits.
  return (values, context, options) =>
    inner(
      { ...values, donor: { ...values.donor, phone: values.donor.phone.trim() || null, state: values.donor.state || undefined } } as unknown as GivingValues,
      context,
      options,
    );
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
  /** Details known already (the pledge's donor name). What the donor typed in this tab (giving-draft.ts) comes first. */
  defaultDonor?: Partial<DonorValues>;
  /** The campaign asks every donor for a phone number (GivingPage.require_phone); otherwise it is optional. */
  requirePhone?: boolean;
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
export function GivingForm({
  slug,
  pledgeToken,
  suggestedAmountsCents = [],
  defaultAmountCents = null,
  limitCents = null,
  cap = null,
  attestations = [],
  defaultDonor,
  requirePhone = false,
  paypal = null,
}: GivingFormProps) {
  const { t } = useTranslation();
  const ids = 'giving';
  const presets = suggestedAmountsCents.filter((cents) => !cap || cents <= cap.cents);
  const storageKey = draftKey(slug, pledgeToken);
  // What this tab typed before (Back from PayPal, a decline, "Try again", a reload) comes back.
  const [draft] = useState(() => readGivingDraft(storageKey));
  const [custom, setCustom] = useState(draft ? draft.custom || presets.length === 0 : defaultAmountCents !== null || presets.length === 0);
  const [resolver] = useState(() => givingResolver(cap));
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    subscribe,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<GivingValues>({
    defaultValues: {
      amount_cents: draft ? draft.amount_cents : defaultAmountCents,
      employment: draft?.employment || EMPLOYMENT_CHOICES[0].key,
      donor: { ...EMPTY_DONOR, ...defaultDonor, ...pick(draft?.donor, DONOR_FIELDS) },
      attestations: Object.fromEntries(DONOR_ATTESTATIONS.map((a) => [a.key, draft?.attestations[a.key] === true])) as Record<AttestationKey, boolean>,
    },
    resolver,
    context: { requirePhone },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The first field in error in the page's order takes the focus (see below), not in registration order.
    shouldFocusError: false,
  });
  const amount = useWatch({ control, name: 'amount_cents' });
  const country = useWatch({ control, name: 'donor.country' });
  const employment = employmentChoice(useWatch({ control, name: 'employment' }));
  /** An address outside the US (a country other than US, or none chosen yet). */
  const abroad = country !== DEFAULT_COUNTRY;

  // Every change is kept in this tab (never sent anywhere) until a payment of this campaign succeeds.
  const customRef = useRef(custom);
  useEffect(() => {
    const keep = () => {
      const values = getValues();
      saveGivingDraft(storageKey, { amount_cents: values.amount_cents, custom: customRef.current, employment: values.employment, donor: values.donor, attestations: values.attestations });
    };
    customRef.current = custom;
    keep();
    return subscribe({ formState: { values: true }, callback: keep });
  }, [custom, getValues, subscribe, storageKey]);
  const attempt = useRef<Promise<void> | null>(null);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState('');
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [invalidSubmits, setInvalidSubmits] = useState(0);

  /** A failed submit: the summary shows, and the first field in error takes the focus once it is marked. */
  const focusPending = useRef(false);
  const markInvalid = () => {
    focusPending.current = true;
    setInvalidSubmits((n) => n + 1);
  };
  // After every render: react-hook-form calls onInvalid before it publishes the errors, so the fields
  // may be marked a render later. The first field in error, in the page's order, takes the focus and
  // comes into view.
  useEffect(() => {
    if (!focusPending.current) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    focusPending.current = false;
    first.focus({ preventScroll: true });
    first.scrollIntoView?.({ block: 'center' });
  });

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
    if (apiErrorCode(err) === 'VALIDATION_ERROR' && applyServerFieldErrors(err, setError, FORM_FIELDS)) markInvalid();
    else setServerError(refusalText(err, t));
  };

  /** POST pay-online (the server decides what is charged); null when refused, the form saying why. */
  const startCheckout = async (values: GivingValues, key: string): Promise<CheckoutStarted | null> => {
    setServerError('');
    try {
      return await payOnline({
        slug,
        amount_cents: values.amount_cents as number,
        donor: {
          ...values.donor,
          phone: values.donor.phone || null,
          apt_unit: values.donor.apt_unit.trim() === '' ? null : values.donor.apt_unit,
          ...(isAbroad(values.donor.country) ? { state: values.donor.state?.trim() || null, zip: values.donor.zip?.trim() || null } : {}),
        },
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
        markInvalid();
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

  /** "Employment": a choice other than "Employed" fills employer and occupation with the CFB's words. */
  const chooseEmployment = (event: ChangeEvent<HTMLSelectElement>) => {
    const before = employment;
    const next = employmentChoice(event.target.value);
    const opts = { shouldDirty: true, shouldValidate: isSubmitted };
    for (const field of ['employer', 'occupation'] as const) {
      const filled = next[field];
      if (filled !== null) setValue(`donor.${field}`, filled, opts);
      else if (before[field] !== null && getValues(`donor.${field}`) === before[field]) setValue(`donor.${field}`, '', opts);
    }
  };

  /** "I live outside the United States": the country select instead of US; what "state" means changes, so it is cleared. */
  const toggleAbroad = (event: ChangeEvent<HTMLInputElement>) => {
    setValue('donor.country', event.target.checked ? '' : DEFAULT_COUNTRY, { shouldDirty: true, shouldValidate: isSubmitted });
    setValue('donor.state', '', { shouldDirty: true });
  };

  /** The error summary's entries, in the page's order: one per field, one for the statements (to the first unticked). */
  const summary: ErrorSummaryItem[] = [];
  if (invalidSubmits > 0) {
    if (errors.amount_cents?.message) summary.push({ fieldId: AMOUNT_ID, message: errors.amount_cents.message });
    for (const field of DONOR_FIELDS) {
      const message = errors.donor?.[field]?.message;
      if (message) summary.push({ fieldId: donorFieldId(field), message });
    }
    const firstStatement = DONOR_ATTESTATIONS.find((a) => errors.attestations?.[a.key]?.message);
    if (firstStatement) summary.push({ fieldId: attestationId(firstStatement.key), message: errors.attestations?.[firstStatement.key]?.message ?? '' });
  }

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
      onSubmit={(event) => void handleSubmit(onValid, markInvalid)(event)}
      noValidate aria-label={t('payments.give.formLabel')}>
      <ErrorSummary title={t('payments.give.errorSummaryTitle')} items={summary} />
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
              id={AMOUNT_ID}
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
            <TextInput id={donorFieldId('name')} label={t('payments.give.name')} required autoComplete="name" maxLength={100} error={donorError('name')} {...register('donor.name')} />
          </div>
          <TextInput id={donorFieldId('email')} label={t('payments.give.email')} required type="email" autoComplete="email" inputMode="email" error={donorError('email')} {...register('donor.email')} />
          <TextInput
            id={donorFieldId('phone')}
            label={t('payments.give.phone')}
            required={requirePhone}
            type="tel"
            autoComplete={abroad ? 'tel' : 'tel-national'}
            inputMode="tel"
            hint={abroad ? t('payments.give.phoneHintAbroad') : requirePhone ? t('payments.give.phoneHint') : t('payments.give.phoneHintOptional')}
            error={donorError('phone')}
            {...register('donor.phone')}
          />
          <div className={styles.full}>
            <TextInput id={donorFieldId('address')} label={t('payments.give.address')} required autoComplete="address-line1" maxLength={200} error={donorError('address')} {...register('donor.address')} />
          </div>
          <div className={styles.full}>
            <TextInput id={donorFieldId('apt_unit')} label={t('payments.give.aptUnit')} autoComplete="address-line2" maxLength={50} error={donorError('apt_unit')} {...register('donor.apt_unit')} />
          </div>
          <div className={styles.full}>
            <TextInput id={donorFieldId('city')} label={t('payments.give.city')} required autoComplete="address-level2" maxLength={100} error={donorError('city')} {...register('donor.city')} />
          </div>
          <div className={`${styles.full} ${styles.check}`}>
            <input id="giving-abroad" type="checkbox" className={styles.checkbox} checked={abroad} onChange={toggleAbroad} />
            <label htmlFor="giving-abroad">{t('payments.give.abroad')}</label>
          </div>
          {abroad && (
            <div className={styles.full}>
              <SelectField
                id={donorFieldId('country')}
                label={t('payments.give.country')}
                required
                autoComplete="country"
                placeholder={t('payments.give.selectCountry')}
                options={countryOptions().filter((option) => option.value !== DEFAULT_COUNTRY)}
                error={donorError('country')}
                {...register('donor.country')}
              />
            </div>
          )}
          {abroad ? (
            <TextInput
              key="region"
              id={donorFieldId('state')}
              label={t('payments.give.region')}
              autoComplete="address-level1"
              maxLength={100}
              error={donorError('state')}
              {...register('donor.state')}
            />
          ) : (
            <SelectField
              key="state"
              id={donorFieldId('state')}
              label={t('payments.give.state')}
              required
              autoComplete="address-level1"
              placeholder={t('payments.give.selectState')}
              options={US_STATE_OPTIONS}
              error={donorError('state')}
              {...register('donor.state')}
            />
          )}
          <TextInput
            key={abroad ? 'postal' : 'zip'}
            id={donorFieldId('zip')}
            label={abroad ? t('payments.give.postalCode') : t('payments.give.zip')}
            required={!abroad}
            autoComplete="postal-code"
            inputMode={abroad ? 'text' : 'numeric'}
            maxLength={abroad ? 12 : 10}
            error={donorError('zip')}
            {...register('donor.zip')}
          />
          <div className={styles.full}>
            <SelectField
              id="giving-employment"
              label={t('payments.give.employment')}
              hint={t('payments.give.employmentHint')}
              options={EMPLOYMENT_CHOICES.map((c) => ({ value: c.key, label: c.label }))}
              {...register('employment', { onChange: chooseEmployment })}
            />
          </div>
          <TextInput
            id={donorFieldId('employer')}
            label={t('payments.give.employer')}
            required
            readOnly={employment.employer !== null}
            autoComplete="organization"
            maxLength={100}
            error={donorError('employer')}
            {...register('donor.employer')}
          />
          <TextInput
            id={donorFieldId('occupation')}
            label={t('payments.give.occupation')}
            required
            readOnly={employment.occupation !== null}
            autoComplete="organization-title"
            maxLength={100}
            error={donorError('occupation')}
            {...register('donor.occupation')}
          />
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('payments.give.confirmLegend')}</legend>
        <p className={styles.hint}>{t('payments.give.confirmNote')}</p>
        {statements.map((statement) => {
          const id = attestationId(statement.key);
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
