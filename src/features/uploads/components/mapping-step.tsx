import { useTranslation } from 'react-i18next';
import type { ColumnMapping, UploadPreviewData } from '../../../../domain/imports/api-contract';
import { SelectField } from '../../../components/select-field';
import '../../../lib/staff-catalogue';
import { MappingTable } from './mapping-table';
import styles from './uploads.module.css';

const PRESET_NAMES: Record<string, string> = { nyc_cfb: 'NYC CFB', actblue: 'ActBlue' };

interface MappingStepProps {
  fileName: string;
  preview: UploadPreviewData;
  mapping: ColumnMapping;
  onMappingChange: (mapping: ColumnMapping) => void;
  defaults: Record<string, string>;
  onDefaultsChange: (defaults: Record<string, string>) => void;
  /** Fields still needed (labels), from missingRequiredFields. */
  missing: string[];
  /** XLSX with several sheets: read another one (a new preview). */
  onSheetChange: (sheet: string) => void;
  busy: boolean;
}

/** Step 3 of the upload dialog: what was detected, the sheet, each column's field, and what is still needed. */
export function MappingStep({ fileName, preview, mapping, onMappingChange, defaults, onDefaultsChange, missing, onSheetChange, busy }: MappingStepProps) {
  const { t } = useTranslation();
  const source = t(`uploads.mapping.source_${preview.mapping_source}`, { preset: PRESET_NAMES[preview.preset ?? ''] ?? preview.preset ?? '' });
  const detected =
    preview.format === 'xlsx'
      ? t('uploads.mapping.detectedXlsx', { count: preview.headers.length })
      : t('uploads.mapping.detectedCsv', {
          count: preview.headers.length,
          delimiter: preview.delimiter === '\t' ? t('uploads.mapping.tab') : (preview.delimiter ?? ','),
          encoding: preview.encoding ?? 'UTF-8',
        });
  return (
    <>
      <p>{t('uploads.mapping.lead', { file: fileName })}</p>
      <p className={styles.muted}>
        {detected} <span>{source}</span>
      </p>
      {preview.sheets.length > 1 && (
        <div className={styles.sheet}>
          <SelectField
            label={t('uploads.mapping.sheet')}
            value={preview.sheet ?? preview.sheets[0]}
            disabled={busy}
            options={preview.sheets.map((sheet) => ({ value: sheet, label: sheet }))}
            onChange={(e) => onSheetChange(e.target.value)}
          />
        </div>
      )}
      <MappingTable preview={preview} mapping={mapping} onChange={onMappingChange} defaults={defaults} onDefaultsChange={onDefaultsChange} />
      {missing.length > 0 && (
        <p className={styles.error} role="status">
          {t('uploads.mapping.missing', { fields: missing.join(', ') })}
        </p>
      )}
    </>
  );
}
