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
import buttonStyles from '../../../components/button.module.css';
import { DateInput } from '../../../components/date-input';
import { SearchBox } from '../../../components/search-box';
import { SelectField } from '../../../components/select-field';
import { DATE_PRESETS, hasFilters, presetDates, presetOf, type DatePreset, type ReportPageState, type ReportStatePatch } from '../report-query';
import styles from './reports.module.css';

const PRESET_LABELS: Record<DatePreset, string> = { cycle: 'This cycle', year: 'This year', last30: 'Last 30 days', all: 'All dates' };
const ISO = /^\d{4}-\d{2}-\d{2}$/;

function optionsOf(type: ReportType, key: Exclude<ReportFilterKey, 'search'>) {
  switch (key) {
    case 'contributor_type':
      return { label: 'Contributor type', options: CONTRIBUTOR_TYPE_OPTIONS };
    case 'payment_method':
      return { label: 'Method', options: type === 'expense' ? EXPENSE_PAYMENT_METHOD_OPTIONS : PAYMENT_METHOD_OPTIONS };
    case 'purpose':
      return { label: 'Purpose', options: EXPENSE_PURPOSE_OPTIONS };
    case 'aging':
      return { label: 'Aging', options: AGING_BUCKETS.map((value) => ({ value, label: AGING_LABELS[value] })) };
    case 'window':
      return { label: 'Due', options: DUE_WINDOWS.map((value) => ({ value, label: DUE_WINDOW_LABELS[value] })) };
    case 'standing':
      return { label: 'Standing', options: LIMIT_STANDINGS.map((value) => ({ value, label: LIMIT_STANDING_LABELS[value] })) };
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
  const preset = presetOf(state, today, cycle);
  const presets = DATE_PRESETS.filter((p) => presetDates(p, today, cycle) !== null);
  const setFilter = (key: ReportFilterKey, value: string) => onChange({ filters: { [key]: value || undefined } });
  const selects = REPORT_FILTER_KEYS[type].filter((k): k is Exclude<ReportFilterKey, 'search'> => k !== 'search');
  return (
    <div className={styles.filters} role="group" aria-label="Filters">
      <SelectField
        label={`${REPORT_DATE_MEANING[type]}s`}
        value={preset}
        placeholder="Custom dates"
        options={presets.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
        onChange={(event) => {
          const dates = presetDates(event.target.value as DatePreset, today, cycle);
          if (dates) onChange(dates);
        }}
      />
      <DateInput label="From" value={state.start_date} onChange={(value) => (value === '' || ISO.test(value)) && onChange({ start_date: value })} />
      <DateInput label="To" value={state.end_date} onChange={(value) => (value === '' || ISO.test(value)) && onChange({ end_date: value })} />
      {selects.map((key) => {
        const { label, options } = optionsOf(type, key);
        // The due window always applies (the server's default: the next 30 days).
        const always = key === 'window';
        return (
          <SelectField
            key={key}
            label={label}
            value={state.filters[key] ?? (always ? 'next_30' : '')}
            placeholder={always ? undefined : 'All'}
            options={options}
            onChange={(event) => setFilter(key, event.target.value)}
          />
        );
      })}
      {REPORT_FILTER_KEYS[type].includes('search') && (
        <div className={styles.search}>
          <SearchBox label="Search" placeholder={type === 'expense' ? 'Payee or memo' : 'Donor name, e-mail or phone'} value={state.filters.search ?? ''} onSearch={(value) => setFilter('search', value)} />
        </div>
      )}
      {hasFilters(state) && (
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.clear}`} onClick={() => onChange({ start_date: '', end_date: '', clearFilters: true })}>
          Clear filters
        </button>
      )}
    </div>
  );
}
