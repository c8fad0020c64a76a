import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { config } from '../config/env';
import { paths } from '../config/paths';
import { apiErrorCode, apiErrorMessage, apiRetryAfter } from '../lib/api-error';
import { applyServerFieldErrors, catalogueResolver, type FormSchema } from '../lib/form-resolver';
import { notify } from '../lib/toast';
import { useCountdown } from '../lib/use-countdown';
import styles from './code-step.module.css';
import { FormAlert } from './form-alert';
import linkStyles from './link-button.module.css';
import { SubmitButton } from './submit-button';
import { TextInput } from './text-input';
import { useLeaveConfirm } from './use-leave-confirm';
import { ResendCode } from './resend-code';

export const CODE_LENGTH = 6;

interface CodeForm {
  code: string;
}

export interface CodeStepProps {
  /** Says where the code went. */
  intro: ReactNode;
  /** Domain schema of the form: `{ code }` (otpFormSchema or confirmationCodeFormSchema). */
  schema: FormSchema;
  /** Seconds before "Send Again" is offered. */
  resendIn: number;
  onVerify: (code: string) => Promise<void>;
  /** Sends a new code; answers the new cool-down in seconds. */
  onResend: () => Promise<number>;
  onBack?: () => void;
  backLabel?: string;
  submitLabel?: string;
  /** Ask before a route change loses a typed code (off inside modals). */
  guardNavigation?: boolean;
}

/**
 * The one-time-code step: 6-digit input, Verify, resend after a countdown ("<n> sec remaining",
 * then "Send Again"), and "are you sure to leave" when leaving with a typed code.
 */
export function CodeStep({ intro, schema, resendIn, onVerify, onResend, onBack, backLabel, submitLabel, guardNavigation = true }: CodeStepProps) {
  const { t } = useTranslation();
  const { remaining, restart } = useCountdown(resendIn);
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<{ message: string; code?: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({ resolver: catalogueResolver<CodeForm>(schema), mode: 'onTouched', defaultValues: { code: '' } });

  const { confirmLeave, modal, allowLeave } = useLeaveConfirm(useWatch({ control, name: 'code' }) !== '', guardNavigation);

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    allowLeave();
    try {
      await onVerify(code);
    } catch (err) {
      allowLeave(false);
      if (!applyServerFieldErrors(err, setError, ['code'])) setFormError({ message: apiErrorMessage(err), code: apiErrorCode(err) });
    }
  });

  const resend = async () => {
    setSending(true);
    setFormError(null);
    try {
      const next = await onResend();
      notify.success(t('auth.otpResent'));
      restart(next);
    } catch (err) {
      setFormError({ message: apiErrorMessage(err), code: apiErrorCode(err) });
      const retryAfter = apiRetryAfter(err);
      if (retryAfter) restart(retryAfter);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <p className={styles.intro}>{intro}</p>
      {formError && (
        <FormAlert>
          <p>{formError.message}</p>
          {formError.code === 'ADMIN_APPROVAL_REQUIRED' && <p>{t('auth.notVerified')}</p>}
        </FormAlert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          label={t('auth.codeLabel')}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          className={styles.code}
          error={errors.code?.message}
          {...register('code')}
        />
        <ResendCode remaining={remaining} sending={sending} onResend={resend} />
        <SubmitButton block loading={isSubmitting}>
          {submitLabel ?? t('auth.verify')}
        </SubmitButton>
      </form>
      <div className={styles.footer}>
        {onBack && (
          <button type="button" className={linkStyles.linkButton} onClick={() => onBack && confirmLeave(onBack)}>
            {backLabel ?? t('auth.back')}
          </button>
        )}
        {config.appEnv !== 'production' && (
          <a href={paths.devOutbox} target="_blank" rel="noopener noreferrer">
            {t('auth.devOutboxLink')}
          </a>
        )}
      </div>
      {modal}
    </>
  );
}
