import dayjs from 'dayjs';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ExpenseFields, ExpenseRow } from '../../../../domain/donor-book/expenses-contract';
import { EXPENSE_PAYMENT_METHOD_OPTIONS, EXPENSE_PURPOSE_OPTIONS, type ExpensePaymentMethod, type ExpensePurpose } from '../../../../domain/donor-book/enums';
import { expenseFieldsSchema, PAYEE_MAX_LENGTH, purposeDetailsMessage, PURPOSE_DETAILS_MAX_LENGTH } from '../../../../domain/validation/expenses';
import { DateInput } from '../../../components/date-input';
import { FormAlert } from '../../../components/form-alert';
import { FormModal } from '../../../components/form-modal';
import { MoneyInput } from '../../../components/money-input';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextArea } from '../../../components/text-area';
import { TextInput } from '../../../components/text-input';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { useServerSubmit } from '../../../lib/use-server-submit';
import { useAddExpenseMutation, useUpdateExpenseMutation } from '../api/expenses-api';
import styles from './expense-form-modal.module.css';

interface ExpenseValues {
  expense_date: string;
  amount_cents: number | null;
  payee: string;
  purpose: string;
  purpose_details: string;
  payment_method: string;
  reference_number: string;
  memo: string;
}

const FIELDS = ['expense_date', 'amount_cents', 'payee', 'purpose', 'purpose_details', 'payment_method', 'reference_number', 'memo'] as const;

function initialValues(expense: ExpenseRow | null): ExpenseValues {
  if (!expense) {
    return { expense_date: dayjs().format('YYYY-MM-DD'), amount_cents: null, payee: '', purpose: '', purpose_details: '', payment_method: '', reference_number: '', memo: '' };
  }
  return {
    expense_date: expense.expense_date,
    amount_cents: expense.amount_cents,
    payee: expense.payee,
    purpose: expense.purpose,
    purpose_details: expense.purpose_details ?? '',
    payment_method: expense.payment_method,
    reference_number: expense.reference_number ?? '',
    memo: expense.memo ?? '',
  };
}

const catalogue = catalogueResolver<ExpenseValues>(expenseFieldsSchema);
/** The empty option of a select is 'nothing chosen' ('Purpose is required', not 'Unknown purpose'). */
const resolver: Resolver<ExpenseValues> = (values, context, options) =>
  catalogue({ ...values, purpose: values.purpose || undefined, payment_method: values.payment_method || undefined } as unknown as ExpenseValues, context, options);

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The request fields from the form: details only for the purposes that need them, empty text as null. */
function toFields(values: ExpenseValues): ExpenseFields {
  const needsDetails = purposeDetailsMessage(values.purpose) !== null;
  return {
    expense_date: values.expense_date,
    amount_cents: values.amount_cents ?? 0,
    payee: values.payee.trim(),
    purpose: values.purpose as ExpensePurpose,
    purpose_details: needsDetails ? orNull(values.purpose_details) : null,
    payment_method: values.payment_method as ExpensePaymentMethod,
    reference_number: orNull(values.reference_number),
    memo: orNull(values.memo),
  };
}

interface ExpenseFormModalProps {
  campaignId: string;
  /** null: a new expense. */
  expense: ExpenseRow | null;
  onClose: () => void;
  /** Saved (the list refreshes itself through the 'Expense' tag): close the form. */
  onSaved: () => void;
}

/** Add or edit an expense: every field, inline validation on blur; purpose details appear (and are required) only for the purposes that need them. */
export function ExpenseFormModal({ campaignId, expense, onClose, onSaved }: ExpenseFormModalProps) {
  const { t } = useTranslation();
  const { serverError, submit } = useServerSubmit();
  const [addExpense] = useAddExpenseMutation();
  const [updateExpense] = useUpdateExpenseMutation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ExpenseValues>({
    defaultValues: initialValues(expense),
    resolver,
    mode: 'onBlur',
  });
  const purpose = useWatch({ control, name: 'purpose' });
  const needsDetails = purposeDetailsMessage(purpose) !== null;

  const onSubmit = (values: ExpenseValues) => {
    const fields = toFields(values);
    return submit(() => (expense ? updateExpense({ campaign_id: campaignId, expense_id: expense.expense_id, ...fields }) : addExpense({ campaign_id: campaignId, ...fields })).unwrap(), {
      successKey: expense ? 'messages.EXPENSE_UPDATED' : 'messages.EXPENSE_ADDED',
      onSuccess: onSaved,
      handled: (err) => applyServerFieldErrors(err, setError, FIELDS),
    });
  };

  return (
    <FormModal title={expense ? t('expenses.form.editTitle') : t('expenses.form.addTitle')} dirty={isDirty && !isSubmitting} onClose={onClose}>
      {(requestClose) => (
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={expense ? t('expenses.form.editTitle') : t('expenses.form.addTitle')}>
          {serverError && <FormAlert>{serverError}</FormAlert>}
          <div className={styles.row}>
            <Controller
              name="expense_date"
              control={control}
              render={({ field, fieldState }) => <DateInput label={t('expenses.fields.date')} required {...field} error={fieldState.error?.message} />}
            />
            <Controller
              name="amount_cents"
              control={control}
              render={({ field, fieldState }) => <MoneyInput label={t('expenses.fields.amount')} required {...field} error={fieldState.error?.message} />}
            />
          </div>
          <TextInput label={t('expenses.fields.payee')} required maxLength={PAYEE_MAX_LENGTH} autoComplete="off" error={errors.payee?.message} {...register('payee')} />
          <SelectField
            label={t('expenses.fields.purpose')}
            required
            placeholder={t('expenses.form.selectPurpose')}
            options={EXPENSE_PURPOSE_OPTIONS}
            error={errors.purpose?.message}
            {...register('purpose')}
          />
          {needsDetails && (
            <TextArea
              label={purpose === 'other' ? t('expenses.fields.explanation') : t('expenses.fields.details')}
              required
              rows={2}
              maxLength={PURPOSE_DETAILS_MAX_LENGTH}
              hint={purpose === 'other' ? t('expenses.form.explanationHint') : t('expenses.form.detailsHint')}
              error={errors.purpose_details?.message}
              {...register('purpose_details')}
            />
          )}
          <div className={styles.row}>
            <SelectField
              label={t('expenses.fields.paymentMethod')}
              required
              placeholder={t('expenses.form.selectMethod')}
              options={EXPENSE_PAYMENT_METHOD_OPTIONS}
              error={errors.payment_method?.message}
              {...register('payment_method')}
            />
            <TextInput label={t('expenses.fields.reference')} maxLength={100} autoComplete="off" hint={t('expenses.form.referenceHint')} error={errors.reference_number?.message} {...register('reference_number')} />
          </div>
          <TextArea label={t('expenses.fields.memo')} rows={2} maxLength={1000} error={errors.memo?.message} {...register('memo')} />
          <div className={styles.actions}>
            <SubmitButton type="button" variant="secondary" onClick={requestClose} disabled={isSubmitting}>
              {t('expenses.form.cancel')}
            </SubmitButton>
            <SubmitButton loading={isSubmitting}>{expense ? t('expenses.form.save') : t('expenses.form.add')}</SubmitButton>
          </div>
        </form>
      )}
    </FormModal>
  );
}
