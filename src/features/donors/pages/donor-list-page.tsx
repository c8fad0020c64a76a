import { PlaceholderPage } from '../../../components/placeholder-page';

export default function DonorListPage() {
  return <PlaceholderPage i18nKey="pages.donorList" />;
}
