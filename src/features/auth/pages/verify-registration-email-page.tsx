import { VerifyRegistration } from '../components/verify-registration';

export default function VerifyRegistrationEmailPage() {
  return <VerifyRegistration mode="email" />;
}
