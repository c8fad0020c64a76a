import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_TYPES, type ImportType, type TemplateFormat } from '../../../../domain/imports/templates';
import '../../../lib/staff-catalogue';
import { FILE_ACCEPT } from '../file-checks';
import styles from './uploads.module.css';

interface ChooseStepProps {
  type: ImportType;
  onTypeChange: (type: ImportType) => void;
  /** The file chosen so far (kept when the step shows again after a failed upload). */
  file: File | null;
  onFileChange: (file: File | null) => void;
  validateOnly: boolean;
  onValidateOnlyChange: (validateOnly: boolean) => void;
  /** Why the chosen file cannot go (shown under the input, role alert). */
  problem: string | null;
  onTemplate: (format: TemplateFormat) => void;
}

/** Step 1 of the upload dialog: what the file holds, the file, validate only, and the templates. */
export function ChooseStep({ type, onTypeChange, file, onFileChange, validateOnly, onValidateOnlyChange, problem, onTemplate }: ChooseStepProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  return (
    <>
      <fieldset className={styles.radios}>
        <legend className={styles.legend}>{t('uploads.dialog.type')}</legend>
        {IMPORT_TYPES.map((value) => (
          <label key={value}>
            <input type="radio" name="upload-type" value={value} checked={type === value} onChange={() => onTypeChange(value)} /> {t(`uploads.type.${value}`)}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={inputId}>{t('uploads.dialog.file')}</label>
        <input
          id={inputId}
          type="file"
          accept={FILE_ACCEPT}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => onFileChange(e.target.files?.[0] ?? null)}
        />
        <small id={hintId} className={styles.muted}>
          {t('uploads.dialog.limits')}
        </small>
        {file && <small className={styles.muted}>{t('uploads.dialog.chosen', { file: file.name })}</small>}
      </div>
      {problem && (
        <p id={problemId} className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <label className={styles.check}>
        <input type="checkbox" checked={validateOnly} onChange={(e) => onValidateOnlyChange(e.target.checked)} /> {t('uploads.dialog.validateOnly')}
      </label>
      <p className={styles.muted}>
        {t('uploads.dialog.templateHint')}{' '}
        <button type="button" className={styles.linkButton} onClick={() => onTemplate('xlsx')}>
          {t('uploads.dialog.templateXlsx')}
        </button>{' '}
        ·{' '}
        <button type="button" className={styles.linkButton} onClick={() => onTemplate('csv')}>
          {t('uploads.dialog.templateCsv')}
        </button>
      </p>
    </>
  );
}
