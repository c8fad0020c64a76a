import { PlaceholderPage } from '../../../components/placeholder-page';

export default function PurchaseHistoryPage() {
  return <PlaceholderPage i18nKey="pages.purchaseHistory" />;
}
