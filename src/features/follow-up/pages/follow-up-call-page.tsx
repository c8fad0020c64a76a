import { PlaceholderPage } from '../../../components/placeholder-page';

export default function FollowUpCallPage() {
  return <PlaceholderPage i18nKey="pages.followUpCall" />;
}
