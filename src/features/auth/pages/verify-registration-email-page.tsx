import { PlaceholderPage } from '../../../components/placeholder-page';

export default function VerifyRegistrationEmailPage() {
  return <PlaceholderPage i18nKey="auth.pages.verifyRegistrationEmail" />;
}
