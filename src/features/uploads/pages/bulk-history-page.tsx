import { PlaceholderPage } from '../../../components/placeholder-page';

export default function BulkHistoryPage() {
  return <PlaceholderPage i18nKey="pages.bulkHistory" />;
}
