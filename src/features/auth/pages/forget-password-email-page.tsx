import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ForgetPasswordEmailPage() {
  return <PlaceholderPage i18nKey="auth.pages.forgetPasswordEmail" />;
}
