import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { object } from 'yup';
import type { UserView, VerifyAttributeCodeSentData } from '../../../../domain/auth/api-contract';
import { confirmationCodeFormSchema, emailField, mobileField } from '../../../../domain/validation/auth';
import { useAppDispatch } from '../../../app/hooks';
import { CodeStep } from '../../../components/code-step';
import { FormAlert } from '../../../components/form-alert';
import { StaticModal } from '../../../components/static-modal';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { notify } from '../../../lib/toast';
import { useVerifyUserAttributeMutation } from '../api/users-api';
import { userLoaded } from '../user-slice';

const emailSchema = object({ value: emailField });
const phoneSchema = object({ value: mobileField });

interface ChangeAttributeModalProps {
  attribute: 'email' | 'phone';
  onClose: () => void;
}

/** Changes the e-mail or mobile number: the new address, then the code sent to it (verify_user_attribute). */
export default function ChangeAttributeModal({ attribute, onClose }: ChangeAttributeModalProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [verifyAttribute] = useVerifyUserAttributeMutation();
  const verifyUserAttribute = (body: Parameters<typeof verifyAttribute>[0]) => verifyAttribute(body).unwrap();
  const [sent, setSent] = useState<{ value: string; sentTo: string; resendIn: number } | null>(null);
  const [formError, setFormError] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ value: string }>({
    resolver: catalogueResolver<{ value: string }>(attribute === 'email' ? emailSchema : phoneSchema),
    mode: 'onTouched',
    defaultValues: { value: '' },
  });

  const sendCode = handleSubmit(async ({ value }) => {
    setFormError('');
    const trimmed = value.trim();
    try {
      const response = await verifyUserAttribute({ attribute, value: trimmed });
      const data = response.data as VerifyAttributeCodeSentData;
      setSent({ value: trimmed, sentTo: data?.destination || trimmed, resendIn: data?.resend_in ?? 60 });
    } catch (err) {
      const code = apiErrorCode(err);
      if (code === 'EMAIL_EXISTS' || code === 'PHONE_EXISTS') setError('value', { type: 'server', message: apiErrorMessage(err) });
      else if (!applyServerFieldErrors(err, setError, ['value'])) setFormError(apiErrorMessage(err));
    }
  });

  const verify = async (code: string) => {
    if (!sent) return;
    const response = await verifyUserAttribute({ attribute, value: sent.value, code });
    const user = response.data as UserView;
    if (user?.userId) dispatch(userLoaded(user));
    notify.success(t('messages.PROFILE_UPDATED'));
    onClose();
  };

  const label = attribute === 'email' ? t('profile.newEmail') : t('profile.newMobile');
  return (
    <StaticModal open title={attribute === 'email' ? t('profile.changeEmail') : t('profile.changeMobile')} onClose={onClose}>
      {sent ? (
        <CodeStep
          intro={t('auth.codeSentTo', { destination: sent.sentTo })}
          schema={confirmationCodeFormSchema}
          resendIn={sent.resendIn}
          guardNavigation={false}
          onVerify={verify}
          onResend={async () => ((await verifyUserAttribute({ attribute, value: sent.value })).data as VerifyAttributeCodeSentData)?.resend_in ?? 60}
          onBack={() => setSent(null)}
          backLabel={t('auth.back')}
        />
      ) : (
        <>
          {formError && (
            <FormAlert>
              <p>{formError}</p>
            </FormAlert>
          )}
          <form onSubmit={sendCode} noValidate>
            <TextInput
              label={label}
              type={attribute === 'email' ? 'email' : 'tel'}
              inputMode={attribute === 'email' ? 'email' : 'numeric'}
              autoComplete={attribute === 'email' ? 'email' : 'tel'}
              required
              error={errors.value?.message}
              {...register('value')}
            />
            <SubmitButton block loading={isSubmitting}>
              {t('auth.sendCode')}
            </SubmitButton>
          </form>
        </>
      )}
    </StaticModal>
  );
}
