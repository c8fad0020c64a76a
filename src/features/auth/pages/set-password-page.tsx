import { PasswordPage } from '../components/password-page';

export default function SetPasswordPage() {
  return <PasswordPage page="setPassword" />;
}
