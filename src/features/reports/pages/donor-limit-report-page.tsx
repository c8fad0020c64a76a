import { PlaceholderPage } from '../../../components/placeholder-page';

export default function DonorLimitReportPage() {
  return <PlaceholderPage i18nKey="pages.donorLimitReport" />;
}
