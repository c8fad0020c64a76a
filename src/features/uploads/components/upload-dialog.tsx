import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnMapping, PresignedUrlData, UploadPreviewData, UploadRow } from '../../../../domain/imports/api-contract';
import { missingRequiredFields } from '../../../../domain/imports/fields';
import type { ImportType, TemplateFormat } from '../../../../domain/imports/templates';
import buttonStyles from '../../../components/button.module.css';
import { StaticModal } from '../../../components/static-modal';
import { apiErrorMessage } from '../../../lib/api-error';
import '../../../lib/staff-catalogue';
import { downloadTemplate } from '../api/templates-api';
import { presignBody, putFile, usePresignUploadMutation, usePreviewUploadMutation, useStartUploadMutation } from '../api/uploads-api';
import { fileProblem } from '../file-checks';
import { ChooseStep } from './choose-step';
import { MappingStep } from './mapping-step';
import { UploadProgress } from './upload-progress';
import styles from './uploads.module.css';

type Step = 'choose' | 'sending' | 'mapping';

interface UploadDialogProps {
  campaignId: string;
  onClose: () => void;
  /** The upload was created: its job is validating. */
  onStarted: (upload: UploadRow) => void;
}

/** Only the defaults of fields no column fills, and only those with a value. */
function usedDefaults(defaults: Record<string, string>, mapping: ColumnMapping): Record<string, string> {
  const mapped = new Set(Object.values(mapping));
  return Object.fromEntries(Object.entries(defaults).filter(([field, value]) => value !== '' && !mapped.has(field)));
}

/** Choose a file and its type → send it to its signed URL (progress) → map its columns → start the upload (validation). */
export function UploadDialog({ campaignId, onClose, onStarted }: UploadDialogProps) {
  const { t } = useTranslation();
  const [presignUpload] = usePresignUploadMutation();
  const [previewUpload] = usePreviewUploadMutation();
  const [startUpload] = useStartUploadMutation();
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
  /** The type the file's headers chose instead of the one picked (issue 33.7), or null. */
  const [switchedTo, setSwitchedTo] = useState<ImportType | null>(null);
  const sending = useRef<AbortController | null>(null);
  const stepLine = useRef<HTMLParagraphElement>(null);
  /** The step changed under the keyboard (its button is gone): focus goes to the step's line. */
  const focusStep = useRef(false);

  // Closing the dialog stops a file still on its way.
  useEffect(() => () => sending.current?.abort(), []);
  useEffect(() => {
    if (!focusStep.current) return;
    focusStep.current = false;
    stepLine.current?.focus();
  });

  const goTo = (next: Step) => {
    focusStep.current = true;
    setStep(next);
  };

  const problemKey = file ? fileProblem(file) : null;
  const chosenDefaults = usedDefaults(defaults, mapping);
  const missing = missingRequiredFields(type, Object.values(mapping), chosenDefaults);
  const labelOf = (name: string) => preview?.fields.find((f) => f.name === name)?.label ?? name;

  const showPreview = (seen: UploadPreviewData) => {
    setPreview(seen);
    setMapping(seen.mapping);
    setDefaults(seen.defaults);
  };

  const send = async () => {
    if (!file || fileProblem(file)) return;
    const controller = new AbortController();
    sending.current = controller;
    goTo('sending');
    setError(null);
    setPercent(0);
    try {
      const target = await presignUpload(presignBody(campaignId, file)).unwrap();
      await putFile(target, file, setPercent, controller.signal);
      setSigned(target);
      let seen = await previewUpload({ campaignId, type, key: target.key, fileName: file.name, sheet: null }).unwrap();
      // A payments file uploaded as donors (or the other way round) is read as what its headers say.
      const detected = seen.detected_type;
      if (detected && detected !== type) {
        seen = await previewUpload({ campaignId, type: detected, key: target.key, fileName: file.name, sheet: null }).unwrap();
        setType(detected);
        setSwitchedTo(detected);
      } else {
        setSwitchedTo(null);
      }
      showPreview(seen);
      goTo('mapping');
    } catch (err) {
      if (controller.signal.aborted) return;
      setError(apiErrorMessage(err));
      goTo('choose');
    } finally {
      sending.current = null;
    }
  };

  const changeSheet = async (sheet: string) => {
    if (!signed || !file) return;
    setBusy(true);
    setError(null);
    try {
      showPreview(await previewUpload({ campaignId, type, key: signed.key, fileName: file.name, sheet }).unwrap());
    } catch (err) {
      setError(apiErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!signed || !preview || !file || missing.length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const upload = await startUpload({
        campaign_id: campaignId,
        type,
        file_key: signed.key,
        file_name: file.name,
        mapping,
        options: { validate_only: validateOnly, sheet: preview.sheet, defaults: chosenDefaults },
      }).unwrap();
      onStarted(upload);
    } catch (err) {
      setError(apiErrorMessage(err));
      setBusy(false);
    }
  };

  const template = (format: TemplateFormat) => void downloadTemplate(campaignId, type, format).catch((err: unknown) => setError(apiErrorMessage(err)));

  return (
    <StaticModal open size="wide" title={t('uploads.dialog.title')} onClose={onClose}>
      <div>
        <p ref={stepLine} className={styles.steps} tabIndex={-1}>
          {t('uploads.dialog.step', { step: step === 'choose' ? 1 : step === 'sending' ? 2 : 3, label: t(`uploads.dialog.step_${step}`) })}
        </p>
        {step === 'choose' && (
          <ChooseStep
            type={type}
            onTypeChange={setType}
            file={file}
            onFileChange={(chosen) => {
              setFile(chosen);
              setError(null);
            }}
            validateOnly={validateOnly}
            onValidateOnlyChange={setValidateOnly}
            problem={problemKey ? t(problemKey) : null}
            onTemplate={template}
          />
        )}
        {step === 'sending' && (
          <UploadProgress
            percent={percent < 100 ? percent : null}
            label={percent < 100 ? t('uploads.dialog.sending', { file: file?.name ?? '', percent }) : t('uploads.dialog.reading', { file: file?.name ?? '' })}
          />
        )}
        {step === 'mapping' && preview && switchedTo && (
          <p className={styles.notice} role="status">
            {t('uploads.dialog.typeSwitched', { type: t(`uploads.type.${switchedTo}`) })}
          </p>
        )}
        {step === 'mapping' && preview && (
          <MappingStep
            fileName={file?.name ?? ''}
            preview={preview}
            mapping={mapping}
            onMappingChange={setMapping}
            defaults={defaults}
            onDefaultsChange={setDefaults}
            missing={missing.map(labelOf)}
            onSheetChange={(sheet) => void changeSheet(sheet)}
            busy={busy}
          />
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
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} disabled={!file || problemKey !== null} onClick={() => void send()}>
              {t('uploads.dialog.upload')}
            </button>
          )}
          {step === 'mapping' && (
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} disabled={busy || missing.length > 0} aria-busy={busy || undefined} onClick={() => void start()}>
              {t('uploads.dialog.continue')}
            </button>
          )}
        </div>
      </div>
    </StaticModal>
  );
}
