import { ReportPage } from '../components/report-page';

export default function MatchReportPage() {
  return <ReportPage type="match" />;
}
