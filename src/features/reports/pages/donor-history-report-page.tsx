import { PlaceholderPage } from '../../../components/placeholder-page';

export default function DonorHistoryReportPage() {
  return <PlaceholderPage i18nKey="pages.donorHistoryReport" />;
}
