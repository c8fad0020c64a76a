import { PlaceholderPage } from '../../../components/placeholder-page';

export default function RecoverPasswordPage() {
  return <PlaceholderPage i18nKey="auth.pages.recoverPassword" />;
}
