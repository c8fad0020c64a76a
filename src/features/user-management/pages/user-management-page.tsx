import { PlaceholderPage } from '../../../components/placeholder-page';

export default function UserManagementPage() {
  return <PlaceholderPage i18nKey="pages.userManagement" />;
}
