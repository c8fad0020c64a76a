import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import styles from '../auth-page.module.css';

/** Choose how to recover the password: by e-mail or by mobile number. */
export default function RecoverPasswordPage() {
  const { t } = useTranslation();
  const title = t('auth.pages.recoverPassword.title');
  usePageTitle(title);
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{t('auth.pages.recoverPassword.context')}</p>
      <div className={styles.choices}>
        <Link to={paths.forgetPasswordEmail} className={styles.choice}>
          <span className={styles.choiceTitle}>{t('auth.recover.byEmail')}</span>
          <span className={styles.choiceText}>{t('auth.recover.byEmailText')}</span>
        </Link>
        <Link to={paths.forgetPasswordMobile} className={styles.choice}>
          <span className={styles.choiceTitle}>{t('auth.recover.byMobile')}</span>
          <span className={styles.choiceText}>{t('auth.recover.byMobileText')}</span>
        </Link>
      </div>
      <p className={styles.footer}>
        <Link to={paths.login}>{t('auth.backToSignIn')}</Link>
      </p>
    </>
  );
}
