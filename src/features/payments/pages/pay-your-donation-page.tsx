import { PlaceholderPage } from '../../../components/placeholder-page';

export default function PayYourDonationPage() {
  return <PlaceholderPage i18nKey="pages.payYourDonation" />;
}
