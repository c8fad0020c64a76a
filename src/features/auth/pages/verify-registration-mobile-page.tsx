import { VerifyRegistration } from '../components/verify-registration';

export default function VerifyRegistrationMobilePage() {
  return <VerifyRegistration mode="mobile" />;
}
