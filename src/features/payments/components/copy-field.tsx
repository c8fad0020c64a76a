import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { notify } from '../../../lib/toast';
import '../../../lib/staff-catalogue';
import styles from './staff.module.css';

/** A read-only address with a Copy button ('URL has been copied to the clipboard', SPEC §1). */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t('app.copied'));
    } catch {
      notify.error(t('errors.SOMETHING_WENT_WRONG'));
    }
  };
  return (
    <div className={styles.copy}>
      <TextInput label={label} value={value} readOnly className={styles.copyInput} onFocus={(event) => event.currentTarget.select()} />
      <SubmitButton type="button" variant="secondary" onClick={() => void copy()} aria-label={copyLabel}>
        {t('payments.gateway.copy')}
      </SubmitButton>
    </div>
  );
}
