import { PlaceholderPage } from '../../../components/placeholder-page';

export default function SetPasswordPage() {
  return <PlaceholderPage i18nKey="auth.pages.setPassword" />;
}
