import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import type { CampaignView } from '../../../../domain/campaign';
import { CAMPAIGN_VIDEO_PATHS, deleteVideoUrl, getVideoUrl, type CampaignVideo } from '../../../../domain/campaign-video';
import { acceptedExtensions, CAMPAIGN_VIDEO_USE, formatFileSize } from '../../../../domain/file-signature';
import type { PresignedUrlData } from '../../../../domain/imports/api-contract';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { fileProblem } from '../../../lib/file-problem';
import { formatDate } from '../../../lib/format';
import { loadApi } from '../../../lib/load-api';
import { signedUrlHref } from '../../../lib/signed-download';
import { notify } from '../../../lib/toast';
import { useRemote } from '../../../lib/use-remote';
import styles from './campaign-video-card.module.css';

const USE = CAMPAIGN_VIDEO_USE;

export async function fetchCampaignVideo(campaignId: string): Promise<CampaignVideo | null> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<CampaignVideo | null>>(getVideoUrl(campaignId))).data.data;
}

/** presign → PUT straight to storage with progress → set_video (the server checks the stored file). */
export async function uploadCampaignVideo(campaignId: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<CampaignVideo> {
  const [{ apiClient }, { putSignedFile }] = await Promise.all([loadApi(), import('../../../lib/signed-upload')]);
  const signed = (await apiClient.post<ApiSuccess<PresignedUrlData>>(CAMPAIGN_VIDEO_PATHS.presignedUrl, { campaign_id: campaignId, file_name: file.name, file_size: file.size })).data.data;
  await putSignedFile(signed, file, onProgress, { signal });
  return (await apiClient.post<ApiSuccess<CampaignVideo>>(CAMPAIGN_VIDEO_PATHS.setVideo, { campaign_id: campaignId, file_key: signed.key, file_name: file.name })).data.data;
}

export async function removeCampaignVideo(campaignId: string): Promise<void> {
  const { apiClient } = await loadApi();
  await apiClient.delete(deleteVideoUrl(campaignId));
}

/**
 * The video on the campaign's public page: a preview (<video controls>), and for those who may edit
 * the campaign (campaign.write) an upload of an .mp4/.m4v of at most 500 MB with a progress bar, and Remove.
 */
export function CampaignVideoCard({ campaign }: { campaign: CampaignView }) {
  const { t } = useTranslation();
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const abortRef = useRef<AbortController | null>(null);
  const member = campaign.role !== null && campaign.resource_names.includes('campaign.read');
  const canWrite = campaign.resource_names.includes('campaign.write') && campaign.status !== 'archived';
  const video = useRemote(member ? `campaign-video:${campaign.campaign_id}` : null, () => fetchCampaignVideo(campaign.campaign_id));
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => abortRef.current?.abort(), []);
  if (!member) return null;

  const current = video.data;
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = fileProblem(file, USE, t);
    setProblem(refused ?? '');
    if (refused) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setUpload({ name: file.name, percent: 0 });
    try {
      await uploadCampaignVideo(campaign.campaign_id, file, (percent) => setUpload({ name: file.name, percent }), controller.signal);
      notify.success(t('campaignDetails.video.uploaded'));
      video.reload();
    } catch (err) {
      if (!controller.signal.aborted) setProblem(apiErrorMessage(err));
    } finally {
      abortRef.current = null;
      setUpload(null);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await removeCampaignVideo(campaign.campaign_id);
      notify.success(t('campaignDetails.video.removed'));
      setConfirming(false);
      video.reload();
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('campaignDetails.video.title')}
      </h2>
      <p className={styles.text}>{t('campaignDetails.video.text')}</p>
      {video.error && !current ? (
        <p className={styles.problem} role="alert">
          {apiErrorMessage(video.error)}
        </p>
      ) : null}
      {current ? (
        <figure className={styles.preview}>
          <video className={styles.video} controls preload="metadata" src={signedUrlHref(current.url)} aria-label={t('campaignDetails.video.previewLabel', { name: current.file_name })} />
          <figcaption className={styles.caption}>
            {t('campaignDetails.video.caption', { name: current.file_name, size: formatFileSize(current.file_size), date: formatDate(current.created_at) })}
          </figcaption>
        </figure>
      ) : (
        !video.loading && !video.error && <p className={styles.text}>{t('campaignDetails.video.none')}</p>
      )}
      {canWrite && (
        <div className={styles.upload}>
          <label htmlFor={inputId} className={styles.label}>
            {current ? t('campaignDetails.video.replace') : t('campaignDetails.video.choose')}
          </label>
          <input id={inputId} type="file" accept={acceptedExtensions(USE, ',')} aria-describedby={hintId} disabled={upload !== null} onChange={(event) => void onFile(event)} />
          <p id={hintId} className={styles.hint}>
            {t('campaignDetails.video.hint', { accepted: acceptedExtensions(USE), max: formatFileSize(USE.maxBytes) })}
          </p>
          {upload && (
            <div className={styles.progress}>
              <progress max={100} value={upload.percent} aria-label={t('campaignDetails.video.uploading', { name: upload.name })} />
              <span aria-live="polite">{t('campaignDetails.video.progress', { percent: upload.percent })}</span>
            </div>
          )}
          {problem && (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          )}
          {current && (
            <div>
              <SubmitButton type="button" variant="secondary" onClick={() => setConfirming(true)} disabled={upload !== null}>
                {t('campaignDetails.video.remove')}
              </SubmitButton>
            </div>
          )}
        </div>
      )}
      <ConfirmModal
        open={confirming}
        title={t('campaignDetails.video.removeTitle')}
        confirmLabel={t('campaignDetails.video.remove')}
        cancelLabel={t('campaignDetails.cancel')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        {t('campaignDetails.video.removeText')}
      </ConfirmModal>
    </section>
  );
}
