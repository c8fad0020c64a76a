/**
 * Enumerations of the donor book (SPEC §3) with their labels: contributor types, eligibility,
 * payment methods, expense purposes, US states (snake_case values, as in the states reference table)
 * and the districts list. Shared by forms, the API, imports and reports. Pure: no React, no Node.
 */

export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

function valuesOf<V extends string>(options: readonly Option<V>[]): readonly V[] {
  return options.map((o) => o.value);
}

/** Label of `value` in `options`, or the value itself when unknown (never throws). */
export function labelOf(options: readonly Option[], value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return options.find((o) => o.value === value)?.label ?? value;
}

// ── contributor types ───────────────────────────────────────────────────────────────────────

export const CONTRIBUTOR_TYPE_OPTIONS = [
  { value: 'individual', label: 'Individual Contributor' },
  { value: 'candidate', label: 'Candidate' },
  { value: 'candidates_spouse', label: "Candidate's Spouse" },
  { value: 'candidates_family', label: "Candidate's Family" },
  { value: 'candidate_committee', label: 'Candidate Committee' },
  { value: 'party_committee', label: 'Party Committee' },
  { value: 'political_action_committee', label: 'Political Action Committee' },
  { value: 'labor_unions', label: 'Labor Union' },
  { value: 'limited_liability_company', label: 'Limited Liability Company' },
] as const satisfies readonly Option[];
export type ContributorType = (typeof CONTRIBUTOR_TYPE_OPTIONS)[number]['value'];
export const CONTRIBUTOR_TYPES: readonly ContributorType[] = valuesOf(CONTRIBUTOR_TYPE_OPTIONS);

/** Natural persons (the only contributors whose gifts can be matched with public funds). */
export const NATURAL_PERSON_TYPES: readonly ContributorType[] = ['individual', 'candidate', 'candidates_spouse', 'candidates_family'];

// ── eligibility ─────────────────────────────────────────────────────────────────────────────

export const ELIGIBILITY_OPTIONS = [
  { value: 'p-a', label: 'Participant-Option A' },
  { value: 'p-b', label: 'Participant-Option B' },
  { value: 'np', label: 'Non-Participant' },
  { value: 'un', label: 'Undetermined' },
] as const satisfies readonly Option[];
export type Eligibility = (typeof ELIGIBILITY_OPTIONS)[number]['value'];
export const ELIGIBILITIES: readonly Eligibility[] = valuesOf(ELIGIBILITY_OPTIONS);

// ── payment methods (donations) ─────────────────────────────────────────────────────────────

export const PAYMENT_METHOD_OPTIONS = [
  { value: 'paypal', label: 'PayPal' },
  { value: 'cash', label: 'Cash' },
  // Not in SPEC §3's list: a departure (README) so checks, with their numbers, can be recorded.
  { value: 'check', label: 'Check' },
  { value: 'card', label: 'Card' },
  { value: 'zelle', label: 'Zelle' },
  { value: 'venmo', label: 'Venmo' },
] as const satisfies readonly Option[];
export type PaymentMethod = (typeof PAYMENT_METHOD_OPTIONS)[number]['value'];
export const PAYMENT_METHODS: readonly PaymentMethod[] = valuesOf(PAYMENT_METHOD_OPTIONS);

/** Where a donation came from. */
export const DONATION_SOURCES = ['manual', 'import', 'online'] as const;
export type DonationSource = (typeof DONATION_SOURCES)[number];

// ── expenses ────────────────────────────────────────────────────────────────────────────────

/** How the campaign paid an expense (a campaign also pays by check or bank transfer). */
export const EXPENSE_PAYMENT_METHOD_OPTIONS = [
  { value: 'check', label: 'Check' },
  { value: 'card', label: 'Card' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'cash', label: 'Cash' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'zelle', label: 'Zelle' },
  { value: 'venmo', label: 'Venmo' },
] as const satisfies readonly Option[];
export type ExpensePaymentMethod = (typeof EXPENSE_PAYMENT_METHOD_OPTIONS)[number]['value'];
export const EXPENSE_PAYMENT_METHODS: readonly ExpensePaymentMethod[] = valuesOf(EXPENSE_PAYMENT_METHOD_OPTIONS);

export const EXPENSE_PURPOSE_OPTIONS = [
  { value: 'bank_fees', label: 'Bank fees' },
  { value: 'billboards', label: 'Billboards' },
  { value: 'bookkeeping', label: 'Bookkeeping' },
  { value: 'campaign_consultant', label: 'Campaign consultant' },
  { value: 'campaign_literature', label: 'Campaign literature' },
  { value: 'campaign_mailings', label: 'Campaign mailings' },
  { value: 'campaign_workers_salaries', label: "Campaign workers' salaries" },
  { value: 'car_rental', label: 'Car rental' },
  { value: 'cell_phone', label: 'Cell phone' },
  { value: 'constituent_services', label: 'Constituent services' },
  { value: 'credit_card_payment', label: 'Credit card payment (provide details)' },
  { value: 'email', label: 'E-mail' },
  { value: 'fundraising', label: 'Fundraising' },
  { value: 'gas', label: 'Gas' },
  { value: 'interest_expenses', label: 'Interest expenses' },
  { value: 'lawn_signs', label: 'Lawn signs' },
  { value: 'lodging', label: 'Lodging' },
  { value: 'meals', label: 'Meals' },
  { value: 'meeting', label: 'Meeting' },
  { value: 'mileage', label: 'Mileage' },
  { value: 'non_political_donations', label: 'Non-political donations' },
  { value: 'office', label: 'Office' },
  { value: 'office_rent', label: 'Office rent' },
  { value: 'online_ads', label: 'Online ads' },
  { value: 'other', label: 'Other (explanation required)' },
  { value: 'parking', label: 'Parking' },
  { value: 'petition_expenses', label: 'Petition expenses' },
  { value: 'PIDA_paid_internet_digital_ads', label: 'Paid internet / digital ads (PIDA)' },
  { value: 'political_contributions', label: 'Political contributions' },
  { value: 'polling_costs', label: 'Polling costs' },
  { value: 'postage', label: 'Postage' },
  { value: 'print_ads', label: 'Print ads' },
  { value: 'professional_services', label: 'Professional services' },
  { value: 'radio_ads', label: 'Radio ads' },
  { value: 'reimbursement', label: 'Reimbursement (provide details)' },
  { value: 'taxi_uber', label: 'Taxi / Uber' },
  { value: 'television_ads', label: 'Television ads' },
  { value: 'tolls_transportation', label: 'Tolls / transportation' },
  { value: 'utilities', label: 'Utilities' },
  { value: 'voter_registration', label: 'Voter registration' },
  { value: 'wages', label: 'Wages' },
  { value: 'transfer_out', label: 'Transfer out' },
] as const satisfies readonly Option[];
export type ExpensePurpose = (typeof EXPENSE_PURPOSE_OPTIONS)[number]['value'];
export const EXPENSE_PURPOSES: readonly ExpensePurpose[] = valuesOf(EXPENSE_PURPOSE_OPTIONS);

/** Purposes whose `purpose_details` is required: 'other' needs an explanation, the two others details. */
export const EXPENSE_PURPOSES_NEEDING_DETAILS: readonly ExpensePurpose[] = ['other', 'credit_card_payment', 'reimbursement'];

// ── US states and districts ─────────────────────────────────────────────────────────────────

/** All US states plus the District of Columbia, snake_case values (same as the states table). */
export const US_STATE_OPTIONS = [
  { value: 'alabama', label: 'Alabama' },
  { value: 'alaska', label: 'Alaska' },
  { value: 'arizona', label: 'Arizona' },
  { value: 'arkansas', label: 'Arkansas' },
  { value: 'california', label: 'California' },
  { value: 'colorado', label: 'Colorado' },
  { value: 'connecticut', label: 'Connecticut' },
  { value: 'delaware', label: 'Delaware' },
  { value: 'district_of_columbia', label: 'District of Columbia' },
  { value: 'florida', label: 'Florida' },
  { value: 'georgia', label: 'Georgia' },
  { value: 'hawaii', label: 'Hawaii' },
  { value: 'idaho', label: 'Idaho' },
  { value: 'illinois', label: 'Illinois' },
  { value: 'indiana', label: 'Indiana' },
  { value: 'iowa', label: 'Iowa' },
  { value: 'kansas', label: 'Kansas' },
  { value: 'kentucky', label: 'Kentucky' },
  { value: 'louisiana', label: 'Louisiana' },
  { value: 'maine', label: 'Maine' },
  { value: 'maryland', label: 'Maryland' },
  { value: 'massachusetts', label: 'Massachusetts' },
  { value: 'michigan', label: 'Michigan' },
  { value: 'minnesota', label: 'Minnesota' },
  { value: 'mississippi', label: 'Mississippi' },
  { value: 'missouri', label: 'Missouri' },
  { value: 'montana', label: 'Montana' },
  { value: 'nebraska', label: 'Nebraska' },
  { value: 'nevada', label: 'Nevada' },
  { value: 'new_hampshire', label: 'New Hampshire' },
  { value: 'new_jersey', label: 'New Jersey' },
  { value: 'new_mexico', label: 'New Mexico' },
  { value: 'new_york', label: 'New York' },
  { value: 'north_carolina', label: 'North Carolina' },
  { value: 'north_dakota', label: 'North Dakota' },
  { value: 'ohio', label: 'Ohio' },
  { value: 'oklahoma', label: 'Oklahoma' },
  { value: 'oregon', label: 'Oregon' },
  { value: 'pennsylvania', label: 'Pennsylvania' },
  { value: 'rhode_island', label: 'Rhode Island' },
  { value: 'south_carolina', label: 'South Carolina' },
  { value: 'south_dakota', label: 'South Dakota' },
  { value: 'tennessee', label: 'Tennessee' },
  { value: 'texas', label: 'Texas' },
  { value: 'utah', label: 'Utah' },
  { value: 'vermont', label: 'Vermont' },
  { value: 'virginia', label: 'Virginia' },
  { value: 'washington', label: 'Washington' },
  { value: 'west_virginia', label: 'West Virginia' },
  { value: 'wisconsin', label: 'Wisconsin' },
  { value: 'wyoming', label: 'Wyoming' },
] as const satisfies readonly Option[];
export type UsState = (typeof US_STATE_OPTIONS)[number]['value'];
export const US_STATES: readonly UsState[] = valuesOf(US_STATE_OPTIONS);

/** SPEC §3: the districts list (partial: Alabama 1-5, Alaska At-Large, Arizona 1-6, Arkansas 1-4, California 1-26). */
export const DISTRICT_OPTIONS: readonly (Option & { readonly state: UsState })[] = [
  { value: 'alabama_1', label: 'Alabama 1', state: 'alabama' },
  { value: 'alabama_2', label: 'Alabama 2', state: 'alabama' },
  { value: 'alabama_3', label: 'Alabama 3', state: 'alabama' },
  { value: 'alabama_4', label: 'Alabama 4', state: 'alabama' },
  { value: 'alabama_5', label: 'Alabama 5', state: 'alabama' },
  { value: 'alaska_at_large', label: 'Alaska At-Large', state: 'alaska' },
  { value: 'arizona_1', label: 'Arizona 1', state: 'arizona' },
  { value: 'arizona_2', label: 'Arizona 2', state: 'arizona' },
  { value: 'arizona_3', label: 'Arizona 3', state: 'arizona' },
  { value: 'arizona_4', label: 'Arizona 4', state: 'arizona' },
  { value: 'arizona_5', label: 'Arizona 5', state: 'arizona' },
  { value: 'arizona_6', label: 'Arizona 6', state: 'arizona' },
  { value: 'arkansas_1', label: 'Arkansas 1', state: 'arkansas' },
  { value: 'arkansas_2', label: 'Arkansas 2', state: 'arkansas' },
  { value: 'arkansas_3', label: 'Arkansas 3', state: 'arkansas' },
  { value: 'arkansas_4', label: 'Arkansas 4', state: 'arkansas' },
  { value: 'california_1', label: 'California 1', state: 'california' },
  { value: 'california_2', label: 'California 2', state: 'california' },
  { value: 'california_3', label: 'California 3', state: 'california' },
  { value: 'california_4', label: 'California 4', state: 'california' },
  { value: 'california_5', label: 'California 5', state: 'california' },
  { value: 'california_6', label: 'California 6', state: 'california' },
  { value: 'california_7', label: 'California 7', state: 'california' },
  { value: 'california_8', label: 'California 8', state: 'california' },
  { value: 'california_9', label: 'California 9', state: 'california' },
  { value: 'california_10', label: 'California 10', state: 'california' },
  { value: 'california_11', label: 'California 11', state: 'california' },
  { value: 'california_12', label: 'California 12', state: 'california' },
  { value: 'california_13', label: 'California 13', state: 'california' },
  { value: 'california_14', label: 'California 14', state: 'california' },
  { value: 'california_15', label: 'California 15', state: 'california' },
  { value: 'california_16', label: 'California 16', state: 'california' },
  { value: 'california_17', label: 'California 17', state: 'california' },
  { value: 'california_18', label: 'California 18', state: 'california' },
  { value: 'california_19', label: 'California 19', state: 'california' },
  { value: 'california_20', label: 'California 20', state: 'california' },
  { value: 'california_21', label: 'California 21', state: 'california' },
  { value: 'california_22', label: 'California 22', state: 'california' },
  { value: 'california_23', label: 'California 23', state: 'california' },
  { value: 'california_24', label: 'California 24', state: 'california' },
  { value: 'california_25', label: 'California 25', state: 'california' },
  { value: 'california_26', label: 'California 26', state: 'california' },
];

// ── pledges, follow-up calls, metadata ──────────────────────────────────────────────────────

/** Derived from what was paid: open (nothing paid), partly_paid, paid, written_off. */
export const PLEDGE_STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'partly_paid', label: 'Partly paid' },
  { value: 'paid', label: 'Paid' },
  { value: 'written_off', label: 'Written off' },
] as const satisfies readonly Option[];
export type PledgeStatus = (typeof PLEDGE_STATUS_OPTIONS)[number]['value'];
export const PLEDGE_STATUSES: readonly PledgeStatus[] = valuesOf(PLEDGE_STATUS_OPTIONS);

export const CALL_OUTCOME_OPTIONS = [
  { value: 'reached', label: 'Reached' },
  { value: 'promised_payment', label: 'Promised to pay' },
  { value: 'left_message', label: 'Left a message' },
  { value: 'no_answer', label: 'No answer' },
  { value: 'wrong_number', label: 'Wrong number' },
  { value: 'declined', label: 'Declined' },
] as const satisfies readonly Option[];
export type CallOutcome = (typeof CALL_OUTCOME_OPTIONS)[number]['value'];
export const CALL_OUTCOMES: readonly CallOutcome[] = valuesOf(CALL_OUTCOME_OPTIONS);

export const METADATA_KINDS = ['tag', 'note'] as const;
export type MetadataKind = (typeof METADATA_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Filter of the donor list by what a donor still owes on pledges. */
export const BALANCE_FILTERS = ['outstanding', 'settled', 'none'] as const;
export type BalanceFilter = (typeof BALANCE_FILTERS)[number];
