import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { PageHeader } from '../../../components/page-header';
import { useCampaignId } from '../../../lib/use-campaign';
import { usePageTitle } from '../../../lib/use-page-title';
import '../../../lib/staff-catalogue';
import { ReviewModal } from '../components/review-modal';
import { TemplatesCard } from '../components/templates-card';
import { UploadDialog } from '../components/upload-dialog';
import { UploadHistory } from '../components/upload-history';
import { useUrlParams } from '../../../lib/use-url-params';

/**
 * Bulk history: upload donors or payments (dialog: file → columns → validation), review an upload
 * (`?upload=<id>` opens it), import its valid rows, and every upload of the campaign with live
 * progress, counts and its files; the templates below.
 */
export default function BulkHistoryPage() {
  const { t } = useTranslation();
  const title = t('pages.bulkHistory.title');
  usePageTitle(title);
  const canUpload = useCan('upload.write');
  const canRead = useCan('upload.read');
  const campaignId = useCampaignId();
  const [params, setParams] = useUrlParams();
  const [uploading, setUploading] = useState(false);
  const reviewing = params.get('upload');

  const review = (uploadId: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (uploadId) next.set('upload', uploadId);
      else next.delete('upload');
      return next;
    });

  return (
    <>
      <PageHeader
        title={title}
        context={t('pages.bulkHistory.context')}
        action={
          campaignId &&
          canUpload && (
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={() => setUploading(true)}>
              {t('uploads.history.upload')}
            </button>
          )
        }
      />
      {campaignId && canRead && <UploadHistory campaignId={campaignId} canWrite={canUpload} onReview={review} onUpload={() => setUploading(true)} />}
      {campaignId && canUpload && <TemplatesCard campaignId={campaignId} />}
      {campaignId && uploading && (
        <UploadDialog
          campaignId={campaignId}
          onClose={() => setUploading(false)}
          onStarted={(upload) => {
            // The history reads its list again: the start invalidated the Upload tag.
            setUploading(false);
            review(upload.id);
          }}
        />
      )}
      {campaignId && canRead && reviewing && <ReviewModal campaignId={campaignId} uploadId={reviewing} canWrite={canUpload} onClose={() => review(null)} />}
    </>
  );
}
