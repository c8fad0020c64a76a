import { useTranslation } from 'react-i18next';
import type { DestinationInput } from '../../../../domain/auth/api-contract';
import { otpFormSchema } from '../../../../domain/validation/auth';
import { CodeStep } from '../../../components/code-step';
import { requestSigninCode, verifySigninCode } from '../api/auth-api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

interface LoginCodeStepProps {
  destination: DestinationInput;
  /** The masked address the server answered. */
  sentTo: string;
  resendIn: number;
  onBack: () => void;
}

/** Step 2 of the passwordless sign-in (loaded after the code is sent: brings react-hook-form and yup). */
export default function LoginCodeStep({ destination, sentTo, resendIn, onBack }: LoginCodeStepProps) {
  const { t } = useTranslation();
  const completeSignIn = useCompleteSignIn();
  return (
    <CodeStep
      intro={t('auth.codeSentTo', { destination: sentTo })}
      schema={otpFormSchema}
      resendIn={resendIn}
      onVerify={async (code) => completeSignIn(await verifySigninCode(destination, code))}
      onResend={async () => (await requestSigninCode(destination)).resend_in}
      onBack={onBack}
      backLabel={destination.email ? t('auth.useDifferentEmail') : t('auth.useDifferentMobile')}
    />
  );
}
