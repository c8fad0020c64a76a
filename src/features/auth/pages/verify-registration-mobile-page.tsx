import { PlaceholderPage } from '../../../components/placeholder-page';

export default function VerifyRegistrationMobilePage() {
  return <PlaceholderPage i18nKey="auth.pages.verifyRegistrationMobile" />;
}
