import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ForgetPasswordMobilePage() {
  return <PlaceholderPage i18nKey="auth.pages.forgetPasswordMobile" />;
}
