import { PlaceholderPage } from '../../../components/placeholder-page';

export default function DueReportPage() {
  return <PlaceholderPage i18nKey="pages.dueReport" />;
}
