import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_EXTENSIONS, UPLOAD_LIMITS, type ColumnMapping, type PresignedUrlData, type UploadPreviewData, type UploadRow } from '../../../../domain/imports/api-contract';
import { missingRequiredFields } from '../../../../domain/imports/fields';
import type { ImportType } from '../../../../domain/imports/templates';
import buttonStyles from '../../../components/button.module.css';
import { StaticModal } from '../../../components/static-modal';
import { apiErrorMessage } from '../../../lib/api-error';
import '../../../lib/staff-catalogue';
import { downloadTemplate } from '../api/templates-api';
import { presignUpload, previewUpload, putFile, startUpload } from '../api/uploads-api';
import { MappingTable } from './mapping-table';
import { UploadProgress } from './upload-progress';
import styles from './uploads.module.css';

type Step = 'choose' | 'sending' | 'mapping';

/** Why a file cannot be uploaded, before anything is sent (the server says the same). */
export function fileProblem(file: File): string | null {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (extension === 'xls') return 'errors.IMPORT_FILE_XLS';
  if (extension === 'numbers') return 'errors.IMPORT_FILE_NUMBERS';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return 'errors.IMPORT_FILE_UNSUPPORTED';
  if (file.size > UPLOAD_LIMITS.maxBytes) return 'errors.IMPORT_FILE_TOO_LARGE';
  if (file.size === 0) return 'errors.IMPORT_FILE_EMPTY';
  return null;
}

interface UploadDialogProps {
  campaignId: string;
  onClose: () => void;
  /** The upload was created: its job is validating. */
  onStarted: (upload: UploadRow) => void;
}

/** Choose a file and its type → send it (progress) → map its columns → start the upload (validation). */
export function UploadDialog({ campaignId, onClose, onStarted }: UploadDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('choose');
  const [type, setType] = useState<ImportType>('donor');
  const [file, setFile] = useState<File | null>(null);
  const [validateOnly, setValidateOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const [signed, setSigned] = useState<PresignedUrlData | null>(null);
  const [preview, setPreview] = useState<UploadPreviewData | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [defaults, setDefaults] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen ? (fileProblem(chosen) ? t(fileProblem(chosen)!) : null) : null);
  };

  const readPreview = async (key: string, sheet: string | null) => {
    const seen = await previewUpload(campaignId, type, key, file!.name, sheet);
    setPreview(seen);
    setMapping(seen.mapping);
    setDefaults(seen.defaults);
  };

  const send = async () => {
    if (!file || fileProblem(file)) return;
    setStep('sending');
    setError(null);
    setPercent(0);
    try {
      const target = await presignUpload(campaignId, file);
      await putFile(target, file, setPercent);
      setSigned(target);
      await readPreview(target.key, null);
      setStep('mapping');
    } catch (err) {
      setError(apiErrorMessage(err));
      setStep('choose');
    }
  };

  const changeSheet = async (sheet: string) => {
    setBusy(true);
    try {
      await readPreview(signed!.key, sheet);
    } catch (err) {
      setError(apiErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const chosenDefaults = Object.fromEntries(Object.entries(defaults).filter(([field, value]) => value !== '' && !Object.values(mapping).includes(field)));
  const missing = missingRequiredFields(type, Object.values(mapping), chosenDefaults);
  const labelOf = (name: string) => preview?.fields.find((f) => f.name === name)?.label ?? name;

  const start = async () => {
    if (!signed || !preview || missing.length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const upload = await startUpload({
        campaign_id: campaignId,
        type,
        file_key: signed.key,
        file_name: file!.name,
        mapping,
        options: { validate_only: validateOnly, sheet: preview.sheet, defaults: chosenDefaults },
      });
      onStarted(upload);
    } catch (err) {
      setError(apiErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const sourceText = preview ? t(`uploads.mapping.source_${preview.mapping_source}`, { preset: preview.preset === 'nyc_cfb' ? 'NYC CFB' : preview.preset === 'actblue' ? 'ActBlue' : '' }) : '';

  return (
    <StaticModal open size="wide" title={t('uploads.dialog.title')} onClose={onClose} onEscape={onClose}>
      <div>
        {step === 'choose' && (
          <>
            <fieldset className={styles.radios}>
              <legend className={styles.legend}>{t('uploads.dialog.type')}</legend>
              {(['donor', 'payment'] as const).map((value) => (
                <label key={value}>
                  <input type="radio" name="upload-type" value={value} checked={type === value} onChange={() => setType(value)} /> {t(`uploads.type.${value}`)}
                </label>
              ))}
            </fieldset>
            <label className={styles.field}>
              <span>{t('uploads.dialog.file')}</span>
              <input type="file" accept=".csv,.tsv,.txt,.xlsx" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
              <small className={styles.muted}>{t('uploads.dialog.limits')}</small>
            </label>
            <label>
              <input type="checkbox" checked={validateOnly} onChange={(e) => setValidateOnly(e.target.checked)} /> {t('uploads.dialog.validateOnly')}
            </label>
            <p className={styles.muted}>
              {t('uploads.dialog.templateHint')}{' '}
              <button type="button" className={styles.linkButton} onClick={() => void downloadTemplate(campaignId, type, 'xlsx').catch((err: unknown) => setError(apiErrorMessage(err)))}>
                {t('uploads.dialog.templateXlsx')}
              </button>{' '}
              ·{' '}
              <button type="button" className={styles.linkButton} onClick={() => void downloadTemplate(campaignId, type, 'csv').catch((err: unknown) => setError(apiErrorMessage(err)))}>
                {t('uploads.dialog.templateCsv')}
              </button>
            </p>
          </>
        )}
        {step === 'sending' && <UploadProgress percent={percent < 100 ? percent : null} label={percent < 100 ? t('uploads.dialog.sending', { percent }) : t('uploads.dialog.reading')} />}
        {step === 'mapping' && preview && (
          <>
            <p>
              {t('uploads.mapping.lead', { file: file?.name ?? '' })} <span className={styles.muted}>{sourceText}</span>
            </p>
            {preview.sheets.length > 1 && (
              <label className={styles.field}>
                <span>{t('uploads.mapping.sheet')}</span>
                <select value={preview.sheet ?? ''} disabled={busy} onChange={(e) => void changeSheet(e.target.value)}>
                  {preview.sheets.map((sheet) => (
                    <option key={sheet} value={sheet}>
                      {sheet}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <MappingTable preview={preview} mapping={mapping} onChange={setMapping} defaults={defaults} onDefaultsChange={setDefaults} />
            {missing.length > 0 && (
              <p className={styles.error} role="status">
                {t('uploads.mapping.missing', { fields: missing.map(labelOf).join(', ') })}
              </p>
            )}
          </>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.footer}>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onClose}>
            {t('uploads.dialog.cancel')}
          </button>
          {step === 'choose' && (
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} disabled={!file || fileProblem(file) !== null} onClick={() => void send()}>
              {t('uploads.dialog.upload')}
            </button>
          )}
          {step === 'mapping' && (
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} disabled={busy || missing.length > 0} aria-busy={busy} onClick={() => void start()}>
              {validateOnly ? t('uploads.dialog.check') : t('uploads.dialog.continue')}
            </button>
          )}
        </div>
      </div>
    </StaticModal>
  );
}
