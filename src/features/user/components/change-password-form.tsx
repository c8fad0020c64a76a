import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordFormSchema } from '../../../../domain/validation/auth';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode, apiErrorMessage, successMessage } from '../../../lib/api-error';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { notify } from '../../../lib/toast';
import { useChangePasswordMutation } from '../api/users-api';

interface ChangePasswordValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const EMPTY: ChangePasswordValues = { old_password: '', new_password: '', confirm_password: '' };

/** Old / new / confirm password (POST change_password). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [changePassword] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({ resolver: catalogueResolver<ChangePasswordValues>(changePasswordFormSchema), mode: 'onTouched', defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ old_password, new_password }) => {
    try {
      const response = await changePassword({ old_password, new_password }).unwrap();
      notify.success(successMessage(response.message_code, 'messages.PASSWORD_RESET_SUCCESS'));
      reset(EMPTY);
    } catch (err) {
      const code = apiErrorCode(err);
      if (code === 'INCORRECT_CREDENTIALS') setError('old_password', { type: 'server', message: apiErrorMessage(err) });
      else if (code === 'PASSWORD_REUSE') setError('new_password', { type: 'server', message: apiErrorMessage(err) });
      else if (!applyServerFieldErrors(err, setError, ['old_password', 'new_password'])) notify.apiError(err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextInput label={t('auth.oldPassword')} type="password" autoComplete="current-password" required error={errors.old_password?.message} {...register('old_password')} />
      <TextInput
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('messages.SET_PASSWORD_HINT')}
        error={errors.new_password?.message}
        {...register('new_password')}
      />
      <TextInput label={t('auth.confirmPassword')} type="password" autoComplete="new-password" required error={errors.confirm_password?.message} {...register('confirm_password')} />
      <SubmitButton loading={isSubmitting}>{t('profile.changePassword')}</SubmitButton>
    </form>
  );
}
