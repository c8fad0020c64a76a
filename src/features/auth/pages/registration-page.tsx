import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SignupRequest } from '../../../../domain/auth/api-contract';
import { FormAlert } from '../../../components/form-alert';
import linkStyles from '../../../components/link-button.module.css';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { apiErrorCode, apiErrorMessage, successMessage } from '../../../lib/api-error';
import { registerData, resendAtFrom } from '../../../lib/auth-flow-storage';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { signup } from '../api/auth-api';
import styles from '../auth-page.module.css';
import type { DestinationMode } from '../destination';
import { registrationFormSchema } from '../registration-schema';

interface RegistrationForm {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
}

const FIELDS = ['name', 'last_name', 'email', 'phone', 'password', 'confirm_password'] as const;

/** Sign-up: name, last name, e-mail or mobile number, optional password; then the code page. */
export default function RegistrationPage() {
  const { t } = useTranslation();
  const title = t('auth.pages.registration.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const [mode, setMode] = useState<DestinationMode>('email');
  const [formError, setFormError] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationForm>({
    resolver: catalogueResolver<RegistrationForm>(registrationFormSchema(mode)),
    mode: 'onTouched',
    defaultValues: { name: '', last_name: '', email: '', phone: '', password: '', confirm_password: '' },
  });

  const switchMode = () => {
    resetField(mode === 'email' ? 'email' : 'phone');
    clearErrors(['email', 'phone']);
    setMode(mode === 'email' ? 'mobile' : 'email');
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError('');
    const address = mode === 'email' ? { email: values.email.trim() } : { phone: values.phone.trim() };
    const request: SignupRequest = { name: values.name.trim(), last_name: values.last_name.trim(), ...address };
    if (values.password) request.password = values.password;
    try {
      const response = await signup(request);
      registerData.write({ ...address, destination: response.data?.destination, resendAt: resendAtFrom(response.data?.resend_in) });
      notify.success(successMessage(response.message_code, 'messages.ACCOUNT_CREATED'));
      navigate(mode === 'email' ? paths.verifyRegistrationEmail : paths.verifyRegistrationMobile);
    } catch (err) {
      const code = apiErrorCode(err);
      if (code === 'EMAIL_EXISTS') setError('email', { type: 'server', message: apiErrorMessage(err) });
      else if (code === 'PHONE_EXISTS') setError('phone', { type: 'server', message: apiErrorMessage(err) });
      else if (!applyServerFieldErrors(err, setError, FIELDS)) setFormError(apiErrorMessage(err));
    }
  });

  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{t('auth.pages.registration.context')}</p>
      {formError && (
        <FormAlert>
          <p>{formError}</p>
        </FormAlert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.row}>
          <TextInput label={t('auth.name')} autoComplete="given-name" required error={errors.name?.message} {...register('name')} />
          <TextInput label={t('auth.lastName')} autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
        </div>
        {mode === 'email' ? (
          <TextInput key="email" label={t('auth.email')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        ) : (
          <TextInput key="phone" label={t('auth.mobileNumber')} type="tel" inputMode="numeric" autoComplete="tel" required error={errors.phone?.message} {...register('phone')} />
        )}
        <div className={styles.switch}>
          <button type="button" className={linkStyles.linkButton} onClick={switchMode}>
            {mode === 'email' ? t('auth.tryMobileNumber') : t('auth.tryEmail')}
          </button>
        </div>
        <TextInput
          label={t('auth.passwordOptional')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordOptionalHint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextInput label={t('auth.confirmPassword')} type="password" autoComplete="new-password" error={errors.confirm_password?.message} {...register('confirm_password')} />
        <SubmitButton block loading={isSubmitting}>
          {t('auth.registration.submit')}
        </SubmitButton>
      </form>
      <p className={styles.footer}>
        {t('auth.haveAccount')} <Link to={paths.login}>{t('auth.signIn')}</Link>
      </p>
    </>
  );
}
