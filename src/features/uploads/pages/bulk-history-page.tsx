import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/use-can';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { TemplatesCard } from '../components/templates-card';

/** Bulk history: the import templates today; the upload flow and its history come with the import feature. */
export default function BulkHistoryPage() {
  const { t } = useTranslation();
  const title = t('pages.bulkHistory.title');
  usePageTitle(title);
  const canUpload = useCan('upload.write');
  const selectedId = useAppSelector((s) => s.campaign.selectedCampaignId);
  return (
    <>
      <PageHeader title={title} context={t('pages.bulkHistory.context')} />
      {canUpload && selectedId !== null ? <TemplatesCard campaignId={String(selectedId)} /> : null}
    </>
  );
}
