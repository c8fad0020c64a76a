import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title';
import { PageHeader } from './page-header';

interface PlaceholderPageProps {
  /** i18n key prefix holding `title` and `context`, e.g. 'pages.dashboard'. */
  i18nKey: string;
}

/** A page whose content arrives in a later release: its title heading and context line. */
export function PlaceholderPage({ i18nKey }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const title = t(`${i18nKey}.title`);
  usePageTitle(title);
  return <PageHeader title={title} context={t(`${i18nKey}.context`)} />;
}
