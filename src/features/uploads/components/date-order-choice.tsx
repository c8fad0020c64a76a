import { useTranslation } from 'react-i18next';
import { DATE_ORDERS, type DateOrder } from '../../../../domain/imports/api-contract';
import '../../../lib/staff-catalogue';
import styles from './uploads.module.css';

interface DateOrderChoiceProps {
  value: DateOrder;
  disabled: boolean;
  onChange: (order: DateOrder) => void;
}

/** The file's slash dates read either way: the user says which (the upload is validated again). */
export function DateOrderChoice({ value, disabled, onChange }: DateOrderChoiceProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.notice}>
      <fieldset className={styles.radios}>
        <legend className={styles.legend}>{t('uploads.review.dateOrder')}</legend>
        {[...DATE_ORDERS].reverse().map((order) => (
          <label key={order}>
            <input type="radio" name="date-order" value={order} checked={value === order} disabled={disabled} onChange={() => onChange(order)} /> {t(`uploads.review.order_${order}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
