import { PlaceholderPage } from '../../../components/placeholder-page';

export default function PaymentSuccessPage() {
  return <PlaceholderPage i18nKey="pages.paymentSuccess" />;
}
