import { ForgotPassword } from '../components/forgot-password';

export default function ForgetPasswordMobilePage() {
  return <ForgotPassword mode="mobile" />;
}
