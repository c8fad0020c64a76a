import { PlaceholderPage } from '../../../components/placeholder-page';

export default function RegistrationPage() {
  return <PlaceholderPage i18nKey="auth.pages.registration" />;
}
