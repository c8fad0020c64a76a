import { useTranslation } from 'react-i18next';
import type { ColumnMapping, UploadPreviewData } from '../../../../domain/imports/api-contract';
import { SelectField } from '../../../components/select-field';
import styles from './uploads.module.css';

interface MappingTableProps {
  preview: UploadPreviewData;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  defaults: Record<string, string>;
  onDefaultsChange: (defaults: Record<string, string>) => void;
}

/**
 * Each column of the file with a few sample values and the field it fills ("Don't import" for none).
 * A field goes to one column only: choosing it for another clears the first. Required fields that
 * no column fills and that may take one value for the whole file get a chooser under the table.
 */
export function MappingTable({ preview, mapping, onChange, defaults, onDefaultsChange }: MappingTableProps) {
  const { t } = useTranslation();
  const mapped = new Set(Object.values(mapping).filter(Boolean));
  const choose = (header: string, field: string) => {
    const next: ColumnMapping = {};
    for (const [h, f] of Object.entries(mapping)) next[h] = f === field && field !== '' ? '' : f;
    next[header] = field;
    onChange(next);
  };
  const defaultable = preview.fields.filter((f) => f.defaultable && !mapped.has(f.name));

  return (
    <>
      <div className={styles.tableWrap} role="region" aria-label={t('uploads.mapping.caption')} tabIndex={0}>
        <table className={styles.small}>
          <caption className="visually-hidden">{t('uploads.mapping.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('uploads.mapping.column')}</th>
              <th scope="col">{t('uploads.mapping.samples')}</th>
              <th scope="col">{t('uploads.mapping.field')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.headers.map((header, index) => (
              <tr key={header}>
                <th scope="row">{header}</th>
                <td className={`${styles.muted} ${styles.samples}`}>
                  {preview.samples
                    .slice(0, 3)
                    .map((row) => row[index] ?? '')
                    .filter((v) => v !== '')
                    .join(' · ') || '—'}
                </td>
                <td>
                  <select aria-label={t('uploads.mapping.fieldFor', { column: header })} value={mapping[header] ?? ''} onChange={(e) => choose(header, e.target.value)}>
                    <option value="">{t('uploads.mapping.ignore')}</option>
                    {preview.fields.map((field) => (
                      <option key={field.name} value={field.name}>
                        {field.label}
                        {field.required ? ' *' : ''}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {defaultable.length > 0 && (
        <fieldset className={styles.defaults}>
          <legend className={styles.legend}>{t('uploads.mapping.oneValueTitle')}</legend>
          {defaultable.map((field) => (
            <SelectField
              key={field.name}
              label={t('uploads.mapping.oneValue', { field: field.label })}
              value={defaults[field.name] ?? ''}
              placeholder={t('uploads.mapping.chooseValue')}
              options={field.defaultable ?? []}
              onChange={(e) => onDefaultsChange({ ...defaults, [field.name]: e.target.value })}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}
