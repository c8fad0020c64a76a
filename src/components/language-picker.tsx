import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage, LANGUAGES, type Language } from '../lib/i18n';
import styles from './language-picker.module.css';

/**
 * "Language: English / বাংলা" (profile menu, auth pages, giving page). The choice is kept where the
 * detector reads it first after the address (localStorage `i18nextLng`), so it holds across reloads.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`${styles.picker} ${className ?? ''}`}>
      <label htmlFor={id}>{t('language.label')}</label>
      <select id={id} className={styles.select} value={currentLanguage()} onChange={(event) => void chooseLanguage(event.target.value as Language)}>
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
