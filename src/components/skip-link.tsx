import { useTranslation } from 'react-i18next';

/** The id of every layout's <main>: the skip link's target, and where route focus looks for the heading. */
export const MAIN_ID = 'main-content';

/** "Skip to content": the first stop of the keyboard on every page, shown when focused (WCAG 2.4.1). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {t('app.skipToContent')}
    </a>
  );
}
