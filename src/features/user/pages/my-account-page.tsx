import { PlaceholderPage } from '../../../components/placeholder-page';

export default function MyAccountPage() {
  return <PlaceholderPage i18nKey="pages.myAccount" />;
}
