import { ForgotPassword } from '../components/forgot-password';

export default function ForgetPasswordEmailPage() {
  return <ForgotPassword mode="email" />;
}
