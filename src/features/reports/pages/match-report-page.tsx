import { PlaceholderPage } from '../../../components/placeholder-page';

export default function MatchReportPage() {
  return <PlaceholderPage i18nKey="pages.matchReport" />;
}
