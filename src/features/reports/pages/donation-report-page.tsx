import { ReportPage } from '../components/report-page';

export default function DonationReportPage() {
  return <ReportPage type="donation" />;
}
