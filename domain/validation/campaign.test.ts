import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { campaignFormSchema, isReservedSlug, isValidSlug, suggestSlug } from './campaign';

async function errors(schema: ObjectSchema<AnyObject>, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false, strict: true });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const item of error.inner) fields[item.path ?? '_'] ??= item.message;
    return fields;
  }
}

const valid = { campaign_name: 'Friends of Rivera', slug: 'friends-of-rivera', office_sought: 'mayor', election_cycle: '2025', compliance_rule_set: 'nyc_cfb', participant_status: 'participant' };

describe('campaign slugs', () => {
  it('are 3–60 lowercase letters, digits and single inner hyphens, not reserved', () => {
    for (const ok of ['abc', 'rivera-2026', 'a1-b2-c3', 'x'.repeat(60)]) expect(isValidSlug(ok), ok).toBe(true);
    for (const bad of ['ab', 'x'.repeat(61), 'Rivera', 'rivera_2026', '-rivera', 'rivera-', 'ri--vera', 'ri vera', 'dashboard', 'auth', 'donation-report', 'pay-your-donation', 'files']) {
      expect(isValidSlug(bad), bad).toBe(false);
    }
    expect(isReservedSlug('campaign')).toBe(true);
  });

  it('are suggested from a name', () => {
    expect(suggestSlug('Friends of José Díaz!')).toBe('friends-of-jose-diaz');
    expect(suggestSlug('  Smith & Jones  ')).toBe('smith-and-jones');
    expect(suggestSlug('Dashboard')).toBe('dashboard-campaign');
    expect(suggestSlug('AB')).toBe('ab-campaign');
    expect(suggestSlug('!!!')).toBe('');
    const long = suggestSlug('A very long campaign name that goes on and on beyond sixty characters');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(isValidSlug(long)).toBe(true);
  });
});

describe('campaign form', () => {
  it('accepts a complete campaign and empty optional inputs', async () => {
    expect(await errors(campaignFormSchema, valid)).toEqual({});
    expect(await errors(campaignFormSchema, { ...valid, district: '', party: '', treasurer_email: '', zip: '', committee_id: null })).toEqual({});
  });

  it('takes the NYC CFB Candidate ID (1-4 letters or digits) and Committee ID (one letter or digit) of C-SMART, both optional', async () => {
    expect(await errors(campaignFormSchema, { ...valid, cfb_candidate_id: '1623', cfb_committee_id: 'A' })).toEqual({});
    expect(await errors(campaignFormSchema, { ...valid, cfb_candidate_id: '', cfb_committee_id: null })).toEqual({});
    expect(await errors(campaignFormSchema, { ...valid, cfb_candidate_id: ' 99 ', cfb_committee_id: ' 7' })).toEqual({});
    expect(await errors(campaignFormSchema, { ...valid, cfb_candidate_id: '12345', cfb_committee_id: 'AB' })).toEqual({
      cfb_candidate_id: 'CFB Candidate ID is 1 to 4 letters or digits (C-Access, Campaign Profile)',
      cfb_committee_id: 'CFB Committee ID is one letter or digit (C-Access, Campaign Profile)',
    });
    expect(await errors(campaignFormSchema, { ...valid, cfb_candidate_id: '12-4', cfb_committee_id: '-' })).toEqual({
      cfb_candidate_id: 'CFB Candidate ID is 1 to 4 letters or digits (C-Access, Campaign Profile)',
      cfb_committee_id: 'CFB Committee ID is one letter or digit (C-Access, Campaign Profile)',
    });
  });

  it('requires the core fields', async () => {
    expect(Object.keys(await errors(campaignFormSchema, {})).sort()).toEqual(['campaign_name', 'compliance_rule_set', 'election_cycle', 'office_sought', 'slug']);
  });

  it('needs a participant status for nyc_cfb and nys_pcf, and limits in cents for custom', async () => {
    expect(await errors(campaignFormSchema, { ...valid, participant_status: '' })).toEqual({ participant_status: 'Participant status is required for this rule set' });
    expect(await errors(campaignFormSchema, { ...valid, compliance_rule_set: 'nys_pcf', participant_status: undefined })).toHaveProperty('participant_status');
    const custom = { ...valid, compliance_rule_set: 'custom', participant_status: undefined };
    expect(Object.keys(await errors(campaignFormSchema, custom))).toEqual(['custom_limit_individual_cents', 'custom_limit_organization_cents']);
    expect(await errors(campaignFormSchema, { ...custom, custom_limit_individual_cents: 100_000, custom_limit_organization_cents: 0 })).toEqual({});
    expect(await errors(campaignFormSchema, { ...custom, custom_limit_individual_cents: 10.5, custom_limit_organization_cents: -1 })).toEqual({
      custom_limit_individual_cents: 'A limit must be a whole number of cents from 0',
      custom_limit_organization_cents: 'A limit must be a whole number of cents from 0',
    });
  });

  it('checks party, e-mail, phone, ZIP and cycle formats', async () => {
    expect(await errors(campaignFormSchema, { ...valid, party: 'Whig', treasurer_email: 'nope', treasurer_phone: '123', zip: '1234', election_cycle: '25' })).toEqual({
      party: 'Party must be Democratic, Republican, Conservative or Liberal',
      treasurer_email: 'Please enter a valid email',
      treasurer_phone: 'Mobile number must be 10 digits',
      zip: 'ZIP code must be 5 digits (or ZIP+4)',
      election_cycle: 'Unknown election cycle',
    });
  });
});
