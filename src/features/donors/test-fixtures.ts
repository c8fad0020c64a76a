import type { DonationRow, RefundRow } from '../../../domain/donor-book/donations-contract';
import type { CycleInfo, DonorDetail, DonorRow } from '../../../domain/donor-book/donors-contract';
import type { PledgeRow } from '../../../domain/donor-book/pledges-contract';

export const DONOR_1 = 'd0000000-0000-4000-8000-000000000001';
export const DONOR_2 = 'd0000000-0000-4000-8000-000000000002';
export const PLEDGE_1 = 'a0000000-0000-4000-8000-000000000001';
export const DONATION_1 = 'e0000000-0000-4000-8000-000000000001';

export function donorRow(overrides: Partial<DonorRow> = {}): DonorRow {
  return {
    donor_id: DONOR_1,
    name: 'Ann Donor',
    donor_phone: '7185550102',
    donor_email: 'ann@example.org',
    contributor_type: 'individual',
    employer: 'Acme',
    occupation: 'Engineer',
    address: '1 Main St',
    apt_unit: null,
    city: 'Brooklyn',
    state: 'new_york',
    zip: '11201',
    district: null,
    country: 'US',
    eligibility: 'p-a',
    recipient: null,
    doing_business: false,
    is_international: false,
    tags: [],
    last_donation_date: '2025-03-04',
    created_at: '2025-01-01T10:00:00.000Z',
    updated_at: '2025-01-01T10:00:00.000Z',
    pledged_cents: 100000,
    paid_cents: 25000,
    outstanding_cents: 75000,
    aggregate_cents: 100000,
    limit_cents: 210000,
    remaining_limit_cents: 110000,
    matchable_cents: 25000,
    public_funds_cents: 200000,
    all_time_pledged_cents: 120000,
    all_time_paid_cents: 45000,
    all_time_outstanding_cents: 75000,
    ...overrides,
  };
}

export function pledgeRow(overrides: Partial<PledgeRow> = {}): PledgeRow {
  return {
    pledge_id: PLEDGE_1,
    donor_id: DONOR_1,
    donor_name: 'Ann Donor',
    commitment_date: '2025-02-01',
    commitment_amount_cents: 100000,
    recipient: null,
    instalments: [],
    note: null,
    paid_cents: 25000,
    remaining_cents: 75000,
    status: 'partly_paid',
    written_off_at: null,
    write_off_reason: null,
    next_payment_date: '2025-06-01',
    created_at: '2025-02-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The demo campaign's cycle (Mayor, 2029). */
export const CYCLE_2029: CycleInfo = { value: '2029', start_date: '2026-01-01', end_date: '2029-12-31' };

export function donorDetail(overrides: Partial<DonorDetail> = {}): DonorDetail {
  return {
    ...donorRow(),
    cycle: CYCLE_2029,
    warnings: [],
    pledges: [pledgeRow()],
    next_payment: { pledge_id: PLEDGE_1, next_payment_date: '2025-06-01', amount_due_cents: 75000 },
    import_origin: null,
    ...overrides,
  };
}

export function donationRow(overrides: Partial<DonationRow> = {}): DonationRow {
  return {
    donation_id: DONATION_1,
    donor_id: DONOR_1,
    donor_name: 'Ann Donor',
    paying_date: '2025-03-04',
    paid_amount_cents: 25000,
    payment_method: 'card',
    reference_number: 'AUTH-1',
    check_number: null,
    recipient: null,
    pledge_id: PLEDGE_1,
    memo: null,
    source: 'manual',
    refunded_cents: 0,
    net_amount_cents: 25000,
    refunded_at: null,
    refund_reason: null,
    refunds: [],
    online_refunds: [],
    disputes: [],
    created_at: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function refundRow(overrides: Partial<RefundRow> = {}): RefundRow {
  return {
    refund_id: 'b0000000-0000-4000-8000-000000000001',
    amount_cents: 5000,
    refund_date: '2025-03-10',
    reason: 'Asked for part back',
    created_at: '2025-03-10T10:00:00.000Z',
    ...overrides,
  };
}
