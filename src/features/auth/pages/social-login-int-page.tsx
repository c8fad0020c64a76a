import { PlaceholderPage } from '../../../components/placeholder-page';

export default function SocialLoginIntPage() {
  return <PlaceholderPage i18nKey="auth.pages.socialLoginInt" />;
}
