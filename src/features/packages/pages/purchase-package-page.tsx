import { PlaceholderPage } from '../../../components/placeholder-page';

export default function PurchasePackagePage() {
  return <PlaceholderPage i18nKey="pages.purchasePackage" />;
}
