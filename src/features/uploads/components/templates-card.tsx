import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templateColumnNames, type ImportType, type TemplateFormat } from '../../../../domain/imports/templates';
import buttonStyles from '../../../components/button.module.css';
import { apiErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import '../../../lib/staff-catalogue';
import { downloadTemplate } from '../api/templates-api';
import styles from './templates-card.module.css';

const TYPES: ImportType[] = ['donor', 'payment'];
const FORMATS: TemplateFormat[] = ['xlsx', 'csv'];

/** The donor and payment templates, each as Excel and CSV, with their columns listed. */
export function TemplatesCard({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (type: ImportType, format: TemplateFormat) => {
    setBusy(`${type}-${format}`);
    try {
      await downloadTemplate(campaignId, type, format);
    } catch (err) {
      notify.error(apiErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="templates-heading">
      <h2 id="templates-heading" className={styles.heading}>
        {t('uploads.templates.title')}
      </h2>
      <p className={styles.lead}>{t('uploads.templates.lead')}</p>
      <ul className={styles.list}>
        {TYPES.map((type) => (
          <li key={type} className={styles.item}>
            <div>
              <h3 className={styles.name}>{t(`uploads.templates.${type}`)}</h3>
              <p className={styles.columns}>{templateColumnNames(type).join(', ')}</p>
            </div>
            <div className={styles.actions}>
              {FORMATS.map((format) => (
                <button
                  key={format}
                  type="button"
                  className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                  disabled={busy !== null}
                  aria-busy={busy === `${type}-${format}`}
                  onClick={() => void download(type, format)}
                >
                  {t(`uploads.templates.download_${format}`, { name: t(`uploads.templates.${type}`) })}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
