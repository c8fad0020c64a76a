import { PlaceholderPage } from '../../../components/placeholder-page';

export default function PledgesReceivableReportPage() {
  return <PlaceholderPage i18nKey="pages.pledgesReceivableReport" />;
}
