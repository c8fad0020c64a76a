import { PlaceholderPage } from '../../../components/placeholder-page';

export default function PaymentGatewayPage() {
  return <PlaceholderPage i18nKey="pages.paymentGateway" />;
}
