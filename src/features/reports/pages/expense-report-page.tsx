import { ReportPage } from '../components/report-page';

export default function ExpenseReportPage() {
  return <ReportPage type="expense" />;
}
