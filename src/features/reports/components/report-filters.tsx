import { CONTRIBUTOR_TYPE_OPTIONS, EXPENSE_PAYMENT_METHOD_OPTIONS, EXPENSE_PURPOSE_OPTIONS, PAYMENT_METHOD_OPTIONS } from '../../../../domain/donor-book/enums';
import {
  AGING_BUCKETS,
  AGING_LABELS,
  DUE_WINDOWS,
  DUE_WINDOW_LABELS,
  LIMIT_STANDINGS,
  LIMIT_STANDING_LABELS,
  REPORT_DATE_MEANING,
  REPORT_FILTER_KEYS,
  type ReportFilterKey,
  type ReportType,
} from '../../../../domain/reports/api-contract';
import { useTranslation } from 'react-i18next';
import buttonStyles from '../../../components/button.module.css';
import { DateInput } from '../../../components/date-input';
import { SearchBox } from '../../../components/search-box';
import { SelectField } from '../../../components/select-field';
import '../../../lib/staff-catalogue';
import { DATE_PRESETS, REPORT_FILTER_DEFAULTS, hasFilters, presetDates, presetOf, type DatePreset, type ReportPageState, type ReportStatePatch } from '../report-query';
import styles from './reports.module.css';

/** The choices of a select filter, with the labels of domain/donor-book/enums.ts and the report contract. */
function optionsOf(type: ReportType, key: Exclude<ReportFilterKey, 'search'>): readonly { value: string; label: string }[] {
  switch (key) {
    case 'contributor_type':
      return CONTRIBUTOR_TYPE_OPTIONS;
    case 'payment_method':
      return type === 'expense' ? EXPENSE_PAYMENT_METHOD_OPTIONS : PAYMENT_METHOD_OPTIONS;
    case 'purpose':
      return EXPENSE_PURPOSE_OPTIONS;
    case 'aging':
      return AGING_BUCKETS.map((value) => ({ value, label: AGING_LABELS[value] }));
    case 'window':
      return DUE_WINDOWS.map((value) => ({ value, label: DUE_WINDOW_LABELS[value] }));
    case 'standing':
      return LIMIT_STANDINGS.map((value) => ({ value, label: LIMIT_STANDING_LABELS[value] }));
  }
}

interface ReportFiltersProps {
  type: ReportType;
  state: ReportPageState;
  today: string;
  cycle: { start_date: string; end_date: string } | null;
  onChange: (patch: ReportStatePatch) => void;
}

/** Dates (a preset or From/To) and the report's own filters; every change goes to the URL. */
export function ReportFilters({ type, state, today, cycle, onChange }: ReportFiltersProps) {
  const { t } = useTranslation();
  const preset = presetOf(state, today, cycle);
  const presets = DATE_PRESETS.filter((p) => presetDates(p, today, cycle) !== null);
  const setFilter = (key: ReportFilterKey, value: string) => onChange({ filters: { [key]: value || undefined } });
  const selects = REPORT_FILTER_KEYS[type].filter((k): k is Exclude<ReportFilterKey, 'search'> => k !== 'search');
  return (
    <div className={styles.filters} role="group" aria-label={t('reports.filters.group')}>
      <SelectField
        label={t('reports.filters.dates', { meaning: REPORT_DATE_MEANING[type] })}
        value={preset}
        placeholder={t('reports.filters.customDates')}
        options={presets.map((p) => ({ value: p, label: t(`reports.presets.${p}`) }))}
        onChange={(event) => {
          const dates = presetDates(event.target.value as DatePreset, today, cycle);
          if (dates) onChange(dates);
        }}
      />
      {/* Only an empty field or a real day reaches the URL; anything else stays as typed, with DateInput's message. */}
      <DateInput label={t('reports.filters.from')} value={state.start_date} onChange={(value, isDate) => isDate && onChange({ start_date: value })} />
      <DateInput label={t('reports.filters.to')} value={state.end_date} onChange={(value, isDate) => isDate && onChange({ end_date: value })} />
      {selects.map((key) => {
        // A filter with a default always applies (the due window): no "All" choice.
        const fallback = REPORT_FILTER_DEFAULTS[key];
        return (
          <SelectField
            key={key}
            label={t(`reports.filters.${key}`)}
            value={state.filters[key] ?? fallback ?? ''}
            placeholder={fallback ? undefined : t('reports.filters.all')}
            options={optionsOf(type, key)}
            onChange={(event) => setFilter(key, event.target.value)}
          />
        );
      })}
      {REPORT_FILTER_KEYS[type].includes('search') && (
        <div className={styles.search}>
          <SearchBox label={t('reports.filters.search')} placeholder={t(type === 'expense' ? 'reports.filters.searchExpense' : 'reports.filters.searchDonor')} value={state.filters.search ?? ''} onSearch={(value) => setFilter('search', value)} />
        </div>
      )}
      {hasFilters(state) && (
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.clear}`} onClick={() => onChange({ start_date: '', end_date: '', clearFilters: true })}>
          {t('reports.page.clearFilters')}
        </button>
      )}
    </div>
  );
}
