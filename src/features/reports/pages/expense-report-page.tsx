import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ExpenseReportPage() {
  return <PlaceholderPage i18nKey="pages.expenseReport" />;
}
