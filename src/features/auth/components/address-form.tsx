import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { forgotPasswordEmailFormSchema, forgotPasswordMobileFormSchema } from '../../../../domain/validation/auth';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { catalogueResolver, type FormSchema } from '../../../lib/form-resolver';
import { toDestination, type DestinationMode } from '../destination';
import type { DestinationInput } from '../../../../domain/auth/api-contract';

interface AddressForm {
  email?: string;
  phone?: string;
}

interface AddressFormProps {
  mode: DestinationMode;
  submitLabel: string;
  onSubmit: (destination: DestinationInput) => Promise<void> | void;
}

/** One field: the e-mail or mobile number an account is addressed by. */
export function AddressForm({ mode, submitLabel, onSubmit }: AddressFormProps) {
  const { t } = useTranslation();
  const schema: FormSchema = mode === 'email' ? forgotPasswordEmailFormSchema : forgotPasswordMobileFormSchema;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AddressForm>({ resolver: catalogueResolver<AddressForm>(schema), mode: 'onTouched' });

  const submit = handleSubmit(async (values) => {
    await onSubmit(toDestination(mode, (mode === 'email' ? values.email : values.phone) ?? ''));
  });

  return (
    <form onSubmit={submit} noValidate>
      {mode === 'email' ? (
        <TextInput label={t('auth.email')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      ) : (
        <TextInput label={t('auth.mobileNumber')} type="tel" inputMode="numeric" autoComplete="tel" required error={errors.phone?.message} {...register('phone')} />
      )}
      <SubmitButton block loading={isSubmitting}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
