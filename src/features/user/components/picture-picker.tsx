import { lazy, Suspense, useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeFileName } from '../../../../domain/file-name';
import { TextInput } from '../../../components/text-input';
import { checkProfileImage, PROFILE_IMAGE_MIN_SIZE } from '../../../lib/image-checks';

const CropModal = lazy(() => import('./crop-modal'));

export interface PickedPicture {
  blob: Blob;
  fileName: string;
}

interface PicturePickerProps {
  onPicked: (picture: PickedPicture) => void;
}

/**
 * The profile picture file input: images only, ≤ 5 MB, at least 200×200; anything larger goes to
 * the cropping modal and comes out as a square JPEG. File names are sanitised with a random suffix.
 */
export function PicturePicker({ onPicked }: PicturePickerProps) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const [cropping, setCropping] = useState<{ src: string; name: string } | null>(null);

  useEffect(() => () => {
    if (cropping) URL.revokeObjectURL(cropping.src);
  }, [cropping]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    setError('');
    const check = await checkProfileImage(file);
    if (!check.ok || !file) {
      setError(check.ok ? t('errors.IMAGE_REQUIRED') : check.message);
      return;
    }
    if (check.needsCrop) setCropping({ src: URL.createObjectURL(file), name: file.name });
    else onPicked({ blob: file, fileName: sanitizeFileName(file.name) });
  };

  return (
    <>
      <TextInput
        label={t('profile.picture')}
        type="file"
        accept="image/*"
        hint={t('profile.pictureHint', { size: PROFILE_IMAGE_MIN_SIZE })}
        error={error || undefined}
        onChange={(event) => void onChange(event)}
      />
      {cropping && (
        <Suspense fallback={null}>
          <CropModal
            src={cropping.src}
            onCancel={() => setCropping(null)}
            onCropped={(jpeg) => {
              onPicked({ blob: jpeg, fileName: sanitizeFileName(cropping.name, { extension: 'jpg' }) });
              setCropping(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
