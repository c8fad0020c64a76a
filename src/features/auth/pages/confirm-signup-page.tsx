import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ConfirmSignupPage() {
  return <PlaceholderPage i18nKey="auth.pages.confirmSignup" />;
}
