import { PasswordPage } from '../components/password-page';

export default function ResetPasswordPage() {
  return <PasswordPage page="resetPassword" />;
}
