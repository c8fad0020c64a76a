import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DestinationInput } from '../../../../domain/auth/api-contract';
import { setPasswordFormSchema } from '../../../../domain/validation/auth';
import codeStyles from '../../../components/code-step.module.css';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { useLeaveConfirm } from '../../../components/use-leave-confirm';
import { CODE_LENGTH } from '../../../components/code-step';
import { paths } from '../../../config/paths';
import { apiErrorMessage, apiRetryAfter, successMessage } from '../../../lib/api-error';
import { recoverData } from '../../../lib/auth-flow-storage';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { notify } from '../../../lib/toast';
import { useCountdown } from '../../../lib/use-countdown';
import { forgotPassword, setPassword } from '../api/auth-api';
import styles from '../auth-page.module.css';
import { ResendCode } from '../../../components/resend-code';

interface PasswordCodeValues {
  code: string;
  new_password: string;
  confirm_password: string;
}

interface PasswordCodeFormProps {
  destination: DestinationInput;
  sentTo: string;
  resendIn: number;
  initialCode?: string;
}

/** Code + new password + confirmation (POST set-password), with resend after a countdown. */
export function PasswordCodeForm({ destination, sentTo, resendIn, initialCode = '' }: PasswordCodeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { remaining, restart } = useCountdown(resendIn);
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PasswordCodeValues>({
    resolver: catalogueResolver<PasswordCodeValues>(setPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { code: initialCode, new_password: '', confirm_password: '' },
  });
  const typedCode = useWatch({ control, name: 'code' });
  const { modal, allowLeave } = useLeaveConfirm(typedCode !== '' && typedCode !== initialCode);

  const onSubmit = handleSubmit(async (values) => {
    setFormError('');
    allowLeave();
    try {
      const response = await setPassword(destination, values.code.trim(), values.new_password);
      recoverData.clear();
      notify.success(successMessage(response.message_code, 'messages.PASSWORD_RESET_SUCCESS'));
      navigate(paths.login, { replace: true });
    } catch (err) {
      allowLeave(false);
      if (!applyServerFieldErrors(err, setError, ['code', 'new_password'], { password: 'new_password' })) setFormError(apiErrorMessage(err));
    }
  });

  const resend = async () => {
    setSending(true);
    setFormError('');
    try {
      const response = await forgotPassword(destination);
      notify.success(t('auth.otpResent'));
      restart(response.data?.resend_in ?? 0);
    } catch (err) {
      setFormError(apiErrorMessage(err));
      const retryAfter = apiRetryAfter(err);
      if (retryAfter) restart(retryAfter);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <p className={styles.intro}>{t('auth.passwordForm.codeIntro', { destination: sentTo })}</p>
      {formError && (
        <FormAlert>
          <p>{formError}</p>
        </FormAlert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          label={t('auth.codeLabel')}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          className={codeStyles.code}
          error={errors.code?.message}
          {...register('code')}
        />
        <ResendCode remaining={remaining} sending={sending} onResend={resend} />
        <TextInput
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        <TextInput label={t('auth.confirmPassword')} type="password" autoComplete="new-password" required error={errors.confirm_password?.message} {...register('confirm_password')} />
        <SubmitButton block loading={isSubmitting}>
          {t('auth.passwordForm.submit')}
        </SubmitButton>
      </form>
      {modal}
    </>
  );
}
