import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { storableImageProblem } from '../../../lib/image-checks';
import { pictureUrl } from '../../../lib/picture-url';
import styles from './logo-field.module.css';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface LogoFieldProps {
  /** The stored logo key ('' for none). */
  storedKey: string;
  /** A picked file not uploaded yet (uploaded when the form is saved). */
  pending: File | null;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** The campaign logo: file input (an image ≤ 5 MB, SPEC §5), preview of the picked or stored logo, remove. */
export function LogoField({ storedKey, pending, onPick, onRemove }: LogoFieldProps) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const previewUrl = useMemo(() => (pending ? URL.createObjectURL(pending) : null), [pending]);
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    const problem = storableImageProblem(file);
    setError(problem ?? '');
    if (!problem && file) onPick(file);
  };

  const shown = pending ? previewUrl : storedKey ? pictureUrl(storedKey) : null;
  return (
    <div className={styles.field}>
      <div className={styles.preview}>
        {shown ? <img src={shown} alt={t('campaign.form.logoPreview')} className={styles.image} /> : <span className={styles.empty} aria-hidden="true" />}
        {pending && <span className={styles.pending}>{t('campaign.form.logoPending')}</span>}
      </div>
      <div className={styles.controls}>
        <TextInput label={t('campaign.form.logo')} type="file" accept={ACCEPT} hint={t('campaign.form.logoHint')} error={error || undefined} onChange={onChange} />
        {(pending || storedKey) && (
          <SubmitButton
            type="button"
            variant="secondary"
            onClick={() => {
              setError('');
              onRemove();
            }}
          >
            {t('campaign.form.logoRemove')}
          </SubmitButton>
        )}
      </div>
    </div>
  );
}
