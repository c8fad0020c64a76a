import { PlaceholderPage } from '../../../components/placeholder-page';

export default function CampaignDetailsPage() {
  return <PlaceholderPage i18nKey="pages.campaignDetails" />;
}
