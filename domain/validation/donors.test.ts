import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import {
  addDonationRequestSchema,
  addMetadataRequestSchema,
  donationListQuerySchema,
  donorFieldsSchema,
  donorListQuerySchema,
  pledgeFieldsSchema,
  refundDonationRequestSchema,
  sendNotificationRequestSchema,
  tagProblem,
} from './donors';

async function errors(schema: ObjectSchema<AnyObject>, value: unknown, options: { strict?: boolean; context?: Record<string, unknown> } = {}): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false, strict: options.strict ?? true, context: options.context });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const item of error.inner) fields[item.path ?? '_'] ??= item.message;
    return fields;
  }
}

const donor = { name: "Mary O'Brien-Smith Jr.", contributor_type: 'individual', donor_email: '', donor_phone: '', state: 'new_york', zip: '10001', country: 'US' };

describe('donor form', () => {
  it('accepts a complete donor, empty optional inputs and ZIP+4', async () => {
    expect(await errors(donorFieldsSchema, donor)).toEqual({});
    expect(await errors(donorFieldsSchema, { ...donor, zip: '10001-1234', employer: null, eligibility: 'p-b' })).toEqual({});
    expect(await errors(donorFieldsSchema, { name: 'José Núñez', contributor_type: 'candidate' })).toEqual({});
  });

  it('explains what is wrong', async () => {
    expect(await errors(donorFieldsSchema, { name: ' ', contributor_type: '' })).toEqual({ name: 'Name is required', contributor_type: 'Unknown contributor type' });
    expect(await errors(donorFieldsSchema, { ...donor, name: 'x'.repeat(101) })).toEqual({ name: 'Name should be at most 100 characters' });
    expect(await errors(donorFieldsSchema, { ...donor, name: 'Bob #1', donor_email: 'bob@', donor_phone: '555-1234', zip: 'ABCDE' })).toEqual({
      name: "Name may contain only letters, spaces and . ' -",
      donor_email: 'Please enter a valid email',
      donor_phone: 'Phone number: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)',
      zip: 'ZIP code must be 5 digits (or ZIP+4)',
    });
  });

  it('an international donor is an Individual Contributor without a US state', async () => {
    const abroad = { name: 'Ana Silva', contributor_type: 'party_committee', country: 'BR', zip: '01310-100', state: 'texas' };
    expect(await errors(donorFieldsSchema, abroad)).toEqual({
      contributor_type: 'International donor can only be an Individual Contributor type',
      state: 'A state applies to US addresses only',
    });
    expect(await errors(donorFieldsSchema, { ...abroad, contributor_type: 'individual', state: null })).toEqual({});
    expect(await errors(donorFieldsSchema, { ...abroad, country: 'Brazil' })).toMatchObject({ country: 'Country must be a 2-letter code such as US' });
  });
});

describe('pledge form', () => {
  const pledge = { commitment_date: '2026-01-01', commitment_amount_cents: 30_000, instalments: [] };
  it('may be dated in the future; instalments add up to the commitment and are not due before it', async () => {
    expect(await errors(pledgeFieldsSchema, pledge)).toEqual({});
    const schedule = [
      { due_date: '2026-02-01', amount_cents: 10_000 },
      { due_date: '2026-03-01', amount_cents: 20_000 },
    ];
    expect(await errors(pledgeFieldsSchema, { ...pledge, instalments: schedule })).toEqual({});
    expect(await errors(pledgeFieldsSchema, { ...pledge, instalments: schedule.slice(1) })).toEqual({ instalments: 'Instalments must add up to the commitment amount' });
    expect(await errors(pledgeFieldsSchema, { ...pledge, instalments: [{ due_date: '2025-12-31', amount_cents: 30_000 }] })).toEqual({
      instalments: 'An instalment cannot be due before the commitment date',
    });
    expect(await errors(pledgeFieldsSchema, { commitment_date: '2026-02-29', commitment_amount_cents: 1_000_000_001 })).toEqual({
      commitment_date: 'Enter a real date as YYYY-MM-DD',
      commitment_amount_cents: 'Amount must be a whole number of cents from 1 to 1000000000',
    });
  });
});

describe('donation form', () => {
  const donation = { campaign_id: '00000000-0000-4000-8000-000000000000', donor_id: '00000000-0000-4000-8000-000000000001', paying_date: '2025-06-15', paid_amount_cents: 2_500, payment_method: 'card' };
  it('a payment date is not after tomorrow (by the given day or the device clock)', async () => {
    expect(await errors(addDonationRequestSchema, donation, { context: { today: '2025-06-15' } })).toEqual({});
    expect(await errors(addDonationRequestSchema, { ...donation, paying_date: '2025-06-16' }, { context: { today: '2025-06-15' } })).toEqual({});
    expect(await errors(addDonationRequestSchema, { ...donation, paying_date: '2025-06-17' }, { context: { today: '2025-06-15' } })).toEqual({ paying_date: 'The date cannot be in the future' });
    expect(await errors(addDonationRequestSchema, { ...donation, paying_date: '2999-01-01' })).toEqual({ paying_date: 'The date cannot be in the future' });
    expect(await errors(refundDonationRequestSchema, { campaign_id: donation.campaign_id, donation_id: donation.donor_id, refund_date: '2025-06-15', refund_reason: 'Duplicate' })).toEqual({});
  });
});

describe('tags, notes and reminders', () => {
  it('a tag is one line of at most 40 characters; a note up to 2000', async () => {
    const base = { campaign_id: '00000000-0000-4000-8000-000000000000', donor_id: '00000000-0000-4000-8000-000000000001' };
    expect(await errors(addMetadataRequestSchema, { ...base, kind: 'tag', value: 'x'.repeat(41) })).toEqual({ value: 'A tag should be at most 40 characters' });
    expect(await errors(addMetadataRequestSchema, { ...base, kind: 'note', value: 'x'.repeat(41) })).toEqual({});
    expect(tagProblem('VIP')).toBeNull();
    expect(tagProblem('a\nb')).toBe('A tag must fit on one line');
    expect(await errors(sendNotificationRequestSchema, { donor_id: base.donor_id, channel: 'pigeon' })).toEqual({ channel: 'Channel must be email or sms' });
  });
});

describe('list queries (cast from the query string)', () => {
  it('defaults, casting and the sort allow-list', async () => {
    expect(await donorListQuerySchema.validate({})).toMatchObject({ page: 1, limit: 25, sort: 'name' });
    expect(await donorListQuerySchema.validate({ page: '2', limit: '500', sort: '-paid_cents', balance: '', search: '  ann ' })).toMatchObject({
      page: 2,
      limit: 500,
      sort: '-paid_cents',
      search: 'ann',
    });
    expect(await donationListQuerySchema.validate({ refunded: 'true' })).toMatchObject({ refunded: true, sort: '-paying_date' });
    expect(await errors(donationListQuerySchema, { sort: 'memo', start_date: '2025-05-02', end_date: '2025-05-01' }, { strict: false })).toEqual({
      sort: 'Sort must be one of: paying_date, paid_amount_cents, donor_name (prefix - for descending)',
      end_date: 'End date cannot be before the start date',
    });
  });
});
