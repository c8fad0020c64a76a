import { ReportPage } from '../components/report-page';

export default function DonorLimitReportPage() {
  return <ReportPage type="donor_limit" />;
}
