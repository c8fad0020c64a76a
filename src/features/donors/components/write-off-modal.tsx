import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PledgeRow } from '../../../../domain/donor-book/pledges-contract';
import { formatCents } from '../../../../domain/money';
import { writeOffPledgeRequestSchema } from '../../../../domain/validation/donors';
import { FormModal } from '../../../components/form-modal';
import { SubmitButton } from '../../../components/submit-button';
import { TextArea } from '../../../components/text-area';
import { catalogueResolver } from '../../../lib/form-resolver';
import { formatDate } from '../../../lib/format';
import { useServerSubmit } from '../../../lib/use-server-submit';
import { useWriteOffPledgeMutation } from '../api/donors-api';
import { ServerAlert } from './server-alert';
import styles from './forms.module.css';

interface WriteOffValues {
  reason: string;
}

const writeOffFormSchema = writeOffPledgeRequestSchema.pick(['reason']);

interface WriteOffModalProps {
  campaignId: string;
  pledge: PledgeRow;
  onClose: () => void;
  onDone: () => void;
}

/** Write off what is still owed on a pledge, with a reason. */
export function WriteOffModal({ campaignId, pledge, onClose, onDone }: WriteOffModalProps) {
  const { t } = useTranslation();
  const { serverError, submit } = useServerSubmit();
  const [writeOffPledge] = useWriteOffPledgeMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<WriteOffValues>({ defaultValues: { reason: '' }, resolver: catalogueResolver<WriteOffValues>(writeOffFormSchema), mode: 'onBlur' });
  const title = t('donors.pledges.writeOffTitle');

  const onSubmit = (values: WriteOffValues) =>
    submit(() => writeOffPledge({ campaign_id: campaignId, pledge_id: pledge.pledge_id, reason: values.reason.trim() }).unwrap(), {
      successKey: 'messages.PLEDGE_WRITTEN_OFF',
      onSuccess: onDone,
    });

  return (
    <FormModal title={title} dirty={isDirty} onClose={onClose}>
      {(requestClose) => (
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={title}>
          <p className={styles.note}>{t('donors.pledges.writeOffText', { amount: formatCents(pledge.remaining_cents), date: formatDate(pledge.commitment_date) })}</p>
          <ServerAlert message={serverError} />
          <TextArea label={t('donors.pledges.reason')} required rows={2} error={errors.reason?.message} {...register('reason')} />
          <div className={styles.actions}>
            <SubmitButton type="button" variant="secondary" onClick={requestClose}>
              {t('donors.cancel')}
            </SubmitButton>
            <SubmitButton loading={isSubmitting}>{t('donors.pledges.writeOff')}</SubmitButton>
          </div>
        </form>
      )}
    </FormModal>
  );
}
