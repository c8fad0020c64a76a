import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_FORMATS, type ReportFormat } from '../../../../domain/reports/api-contract';
import buttonStyles from '../../../components/button.module.css';
import '../../../lib/staff-catalogue';
import styles from './reports.module.css';

/** "Download" with a menu of the three formats: arrow keys, Home and End move, Escape closes, the choice starts a file. */
export function DownloadMenu({ onPick, disabled = false }: { onPick: (format: ReportFormat) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (open) items.current[0]?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') items.current[(index + 1) % REPORT_FORMATS.length]?.focus();
    else if (event.key === 'ArrowUp') items.current[(index + REPORT_FORMATS.length - 1) % REPORT_FORMATS.length]?.focus();
    else if (event.key === 'Home') items.current[0]?.focus();
    else if (event.key === 'End') items.current[REPORT_FORMATS.length - 1]?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <div className={styles.menuWrap} onBlur={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setOpen(false)}>
      <button
        ref={button}
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.primary}`}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        {t('reports.download.button')} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div role="menu" aria-label={t('reports.download.menu')} className={styles.menu}>
          {REPORT_FORMATS.map((format, i) => (
            <button
              key={format}
              ref={(el) => {
                items.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.menuItem}
              onKeyDown={(event) => onKeyDown(event, i)}
              onClick={() => {
                close();
                onPick(format);
              }}
            >
              {t(`reports.download.${format}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
