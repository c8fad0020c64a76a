import { PlaceholderPage } from '../../../components/placeholder-page';

export default function DonationReportPage() {
  return <PlaceholderPage i18nKey="pages.donationReport" />;
}
