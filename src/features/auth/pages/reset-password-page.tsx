import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ResetPasswordPage() {
  return <PlaceholderPage i18nKey="auth.pages.resetPassword" />;
}
