import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { credentialSigninFormSchema } from '../../../../domain/validation/auth';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { signinWithPassword } from '../api/auth-api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

interface PasswordForm {
  email: string;
  password: string;
}

/** Credential sign-in (POST signin), loaded when the visitor picks "Sign in with password". */
export default function PasswordSigninForm() {
  const { t } = useTranslation();
  const completeSignIn = useCompleteSignIn();
  const [formError, setFormError] = useState<{ message: string; code?: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({ resolver: catalogueResolver<PasswordForm>(credentialSigninFormSchema), mode: 'onTouched', defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    try {
      completeSignIn(await signinWithPassword(email.trim(), password));
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, ['email', 'password'])) setFormError({ message: apiErrorMessage(err), code: apiErrorCode(err) });
    }
  });

  return (
    <>
      {formError && (
        <FormAlert>
          <p>{formError.message}</p>
          {formError.code === 'ADMIN_APPROVAL_REQUIRED' && <p>{t('auth.notVerified')}</p>}
        </FormAlert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextInput label={t('auth.email')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <TextInput label={t('auth.password')} type="password" autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
        <SubmitButton block loading={isSubmitting}>
          {t('auth.signIn')}
        </SubmitButton>
      </form>
    </>
  );
}
