/**
 * The giving form's "Employment" choice: a donor who is not employed picks what applies and the form
 * fills employer and occupation with the words the NYC Campaign Finance Board accepts, instead of the
 * donor guessing ("N/A", "none", blank: all of which the CFB treats as missing information).
 *
 * Source: the CFB's Campaign Finance Handbook, chapter "Raising Money", section "What Information Must
 * My Campaign Collect for Contributions?" (https://www.nyccfb.info/candidate-services/handbook/,
 * 2021 and 2013 editions): a contributor's occupation and employer are required, and a contributor who
 * has no employer is reported with the words that say why (e.g. "Not employed", "Retired",
 * "Student"; "Self-employed" for a contributor who works for themselves). The handbook's full text
 * could not be retrieved to quote it word for word: have a campaign's counsel check (docs/giving-form.md).
 * Pure: no React, no Node.
 */
export const NOT_EMPLOYED = 'Not employed';
export const SELF_EMPLOYED = 'Self-employed';

export const EMPLOYMENT_CHOICES = [
  /** Types employer and occupation. */
  { key: 'employed', label: 'Employed', employer: null, occupation: null },
  /** Employer "Self-employed"; types the occupation. */
  { key: 'self_employed', label: SELF_EMPLOYED, employer: SELF_EMPLOYED, occupation: null },
  { key: 'retired', label: 'Retired', employer: NOT_EMPLOYED, occupation: 'Retired' },
  { key: 'student', label: 'Student', employer: NOT_EMPLOYED, occupation: 'Student' },
  { key: 'not_employed', label: NOT_EMPLOYED, employer: NOT_EMPLOYED, occupation: NOT_EMPLOYED },
] as const satisfies readonly { key: string; label: string; employer: string | null; occupation: string | null }[];

export type EmploymentKey = (typeof EMPLOYMENT_CHOICES)[number]['key'];

export function employmentChoice(key: string): (typeof EMPLOYMENT_CHOICES)[number] {
  return EMPLOYMENT_CHOICES.find((c) => c.key === key) ?? EMPLOYMENT_CHOICES[0];
}
