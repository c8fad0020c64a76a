import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../../domain/campaign';
import { acceptedExtensions, CAMPAIGN_VIDEO_USE, formatFileSize } from '../../../../domain/file-signature';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { fileProblem } from '../../../lib/file-problem';
import { formatDate } from '../../../lib/format';
import { signedUrlHref } from '../../../lib/signed-download';
import { notify } from '../../../lib/toast';
import { useCampaignVideoQuery, useRemoveCampaignVideoMutation, useSetCampaignVideoMutation, useVideoUploadUrlMutation } from '../api/campaign-video-api';
import styles from './campaign-video-card.module.css';

const USE = CAMPAIGN_VIDEO_USE;

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
  // Read afresh when the card opens; an upload or removal reads it again (its tag).
  const video = useCampaignVideoQuery(member ? campaign.campaign_id : skipToken, { refetchOnMountOrArgChange: true });
  const [videoUploadUrl] = useVideoUploadUrlMutation();
  const [setCampaignVideo] = useSetCampaignVideoMutation();
  const [removeCampaignVideo] = useRemoveCampaignVideoMutation();
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => abortRef.current?.abort(), []);
  if (!member) return null;

  const current = video.currentData ?? null;
  const loadError = video.isError ? video.error : null;
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
      const campaignId = campaign.campaign_id;
      const [signed, { putSignedFile }] = await Promise.all([
        videoUploadUrl({ campaign_id: campaignId, file_name: file.name, file_size: file.size }).unwrap(),
        import('../../../lib/signed-upload'),
      ]);
      await putSignedFile(signed, file, (percent) => setUpload({ name: file.name, percent }), { signal: controller.signal });
      await setCampaignVideo({ campaign_id: campaignId, file_key: signed.key, file_name: file.name }).unwrap();
      notify.success(t('campaignDetails.video.uploaded'));
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
      await removeCampaignVideo(campaign.campaign_id).unwrap();
      notify.success(t('campaignDetails.video.removed'));
      setConfirming(false);
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
      {loadError && !current ? (
        <p className={styles.problem} role="alert">
          {apiErrorMessage(loadError)}
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
        !video.isFetching && !loadError && <p className={styles.text}>{t('campaignDetails.video.none')}</p>
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
