import { PlaceholderPage } from '../../../components/placeholder-page';

export default function CampaignPage() {
  return <PlaceholderPage i18nKey="pages.campaign" />;
}
