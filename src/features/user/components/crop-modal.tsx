import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { StaticModal } from '../../../components/static-modal';
import { SubmitButton } from '../../../components/submit-button';
import { cropToSquareJpeg } from '../../../lib/crop-image';
import styles from './crop-modal.module.css';

interface CropModalProps {
  /** Object URL of the chosen image. */
  src: string;
  onCancel: () => void;
  onCropped: (jpeg: Blob) => void;
}

/** Square crop of a profile picture (react-easy-crop), encoded as JPEG on a canvas. */
export default function CropModal({ src, onCancel, onCropped }: CropModalProps) {
  const { t } = useTranslation();
  const zoomId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const apply = async () => {
    if (!area) return;
    setBusy(true);
    setError('');
    try {
      onCropped(await cropToSquareJpeg(src, area));
    } catch {
      setError(t('errors.PROFILE_UPDATE_FAILED'));
      setBusy(false);
    }
  };

  return (
    <StaticModal open title={t('profile.cropTitle')} onClose={onCancel}>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      <div className={styles.stage}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <div className={styles.zoom}>
        <label htmlFor={zoomId}>{t('profile.zoom')}</label>
        <input id={zoomId} type="range" min={1} max={3} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
      </div>
      <div className={styles.actions}>
        <SubmitButton type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          {t('profile.cancel')}
        </SubmitButton>
        <SubmitButton type="button" onClick={apply} loading={busy} disabled={!area}>
          {t('profile.usePicture')}
        </SubmitButton>
      </div>
    </StaticModal>
  );
}
