import { ReportPage } from '../components/report-page';

export default function PledgesReceivableReportPage() {
  return <ReportPage type="pledges_receivable" />;
}
