import { ReportPage } from '../components/report-page';

export default function DueReportPage() {
  return <ReportPage type="due" />;
}
