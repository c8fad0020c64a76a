import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { logout } from '../../app/logout';
import { usePersistor } from '../../app/persistor-context';
import { LanguagePicker } from '../../components/language-picker';
import { paths } from '../../config/paths';
import { pictureUrl } from '../../lib/picture-url';
import styles from './header.module.css';

/** Avatar button opening a menu with name, e-mail, My account, the language and Log Out. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const persistor = usePersistor();
  const user = useAppSelector((s) => s.user);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onLogout = async () => {
    setBusy(true);
    try {
      await logout({ dispatch, persistor, navigate: (to) => navigate(to, { replace: true }) });
    } finally {
      setBusy(false);
    }
  };

  const avatar = pictureUrl(user.profile_picture);

  return (
    <div className={styles.profile} ref={containerRef}>
      <button
        type="button"
        className={styles.avatarButton}
        aria-label={t('header.profileMenu')}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <img src={avatar} alt="" className={styles.avatar} width={36} height={36} />
      </button>
      {open && (
        <div id={menuId} className={styles.menu}>
          <div className={styles.menuIdentity}>
            <img src={avatar} alt={t('header.profilePicture')} className={styles.avatarLarge} width={48} height={48} />
            <div className={styles.menuText}>
              <span className={styles.menuName}>{user.name || t('header.setYourName')}</span>
              <span className={styles.menuEmail}>{user.email || t('header.setYourEmail')}</span>
            </div>
          </div>
          <Link to={paths.myAccount} className={styles.menuItem} onClick={() => setOpen(false)}>
            {t('header.myAccount')}
          </Link>
          <LanguagePicker className={styles.menuLanguage} />
          <button type="button" className={styles.menuItem} onClick={onLogout} disabled={busy} aria-busy={busy || undefined}>
            {t('header.logOut')}
          </button>
        </div>
      )}
    </div>
  );
}
