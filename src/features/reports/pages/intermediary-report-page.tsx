import { ReportPage } from '../components/report-page';

export default function IntermediaryReportPage() {
  return <ReportPage type="intermediary" />;
}
