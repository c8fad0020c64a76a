import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { DATE_DISPLAY_FORMAT } from '../../../config/constants';
import { apiErrorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDevOutboxQuery } from '../api/outbox-api';
import styles from './dev-outbox-page.module.css';
import '../../../lib/staff-catalogue';

export const OUTBOX_REFRESH_MS = 3000;

/** The body with 6-digit codes highlighted. */
function Body({ text }: { text: string }) {
  const parts = text.split(/(\b\d{6}\b)/);
  return (
    <pre className={styles.body}>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className={styles.code}>
            {part}
          </mark>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

/** Non-production only: the latest e-mails and texts with their codes, refreshed every 3 s. */
export default function DevOutboxPage() {
  const { t } = useTranslation();
  const title = t('outbox.title');
  usePageTitle(title);
  const outbox = useDevOutboxQuery(undefined, { pollingInterval: OUTBOX_REFRESH_MS, refetchOnMountOrArgChange: true });
  const messages = outbox.data?.message_list ?? null;
  const error = outbox.isError ? apiErrorMessage(outbox.error) : '';
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    await outbox.refetch();
    setRefreshing(false);
  };

  return (
    <>
      <PageHeader
        title={title}
        context={t('outbox.context')}
        action={
          <SubmitButton type="button" variant="secondary" loading={refreshing} onClick={() => void refresh()}>
            {t('outbox.refresh')}
          </SubmitButton>
        }
      />
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      {messages === null ? (
        !error && <LoadingOverlay inline />
      ) : messages.length === 0 ? (
        <p className={styles.empty}>{t('outbox.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('outbox.listLabel')}>
          {messages.map((message) => (
            <li key={message.id} className={styles.message}>
              <div className={styles.meta}>
                <span className={styles.channel}>{message.channel === 'sms' ? t('outbox.sms') : t('outbox.email')}</span>
                <span className={styles.recipient}>{message.recipient}</span>
                <time dateTime={message.created_at}>{dayjs(message.created_at).format(`${DATE_DISPLAY_FORMAT} HH:mm:ss`)}</time>
                <span>{t(`outbox.status.${message.status}`)}</span>
              </div>
              {message.subject && <h2 className={styles.subject}>{message.subject}</h2>}
              <Body text={message.body} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
