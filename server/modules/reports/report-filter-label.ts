/** Enumeration values of a report filter in words (a file's header line). */
import {
  CONTRIBUTOR_TYPE_OPTIONS,
  EXPENSE_PAYMENT_METHOD_OPTIONS,
  EXPENSE_PURPOSE_OPTIONS,
  PAYMENT_METHOD_OPTIONS,
  labelOf,
} from '../../../domain/donor-book/enums';
import { AGING_LABELS, DUE_WINDOW_LABELS, LIMIT_STANDING_LABELS, type ReportFilterKey } from '../../../domain/reports/api-contract';

/** An enumeration value in words (files' header line). */
export function filterValueLabel(key: ReportFilterKey, value: string): string {
  switch (key) {
    case 'contributor_type':
      return labelOf(CONTRIBUTOR_TYPE_OPTIONS, value);
    case 'payment_method':
      return labelOf([...PAYMENT_METHOD_OPTIONS, ...EXPENSE_PAYMENT_METHOD_OPTIONS], value);
    case 'purpose':
      return labelOf(EXPENSE_PURPOSE_OPTIONS, value);
    case 'aging':
      return AGING_LABELS[value as keyof typeof AGING_LABELS] ?? value;
    case 'window':
      return DUE_WINDOW_LABELS[value as keyof typeof DUE_WINDOW_LABELS] ?? value;
    case 'standing':
      return LIMIT_STANDING_LABELS[value as keyof typeof LIMIT_STANDING_LABELS] ?? value;
    default:
      return value;
  }
}

