import { ReportPage } from '../components/report-page';

export default function DonorHistoryReportPage() {
  return <ReportPage type="donor_history" />;
}
