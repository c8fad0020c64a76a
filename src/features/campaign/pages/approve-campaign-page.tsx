import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ApproveCampaignPage() {
  return <PlaceholderPage i18nKey="pages.approveCampaign" />;
}
