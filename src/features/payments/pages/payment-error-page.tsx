import { PlaceholderPage } from '../../../components/placeholder-page';

export default function PaymentErrorPage() {
  return <PlaceholderPage i18nKey="pages.paymentError" />;
}
