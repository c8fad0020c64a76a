import { ruleCents } from '../compliance/rule-table';
import { DEFAULT_TAX_NOTICE, defaultNotices, effectiveNotices, noticeLines, noticesToStore, type NoticeFacts } from './giving-notices';

const nyc: NoticeFacts = { campaign_name: 'Demo for Mayor', committee_name: 'Friends of Demo', rule_set: 'nyc_cfb', limit_cents: 210_000, cash_cap_cents: ruleCents('nyc_cfb.limit.cash') };

describe('giving notices', () => {
  it("'Paid for by' names the committee, else the campaign", () => {
    expect(defaultNotices(nyc).paid_for_by).toBe('Paid for by Friends of Demo');
    expect(defaultNotices({ ...nyc, committee_name: '  ' }).paid_for_by).toBe('Paid for by Demo for Mayor');
    expect(defaultNotices(nyc).tax_notice).toBe(DEFAULT_TAX_NOTICE);
    expect(defaultNotices(nyc).privacy_url).toBeNull();
  });

  it('the rules line carries the rule set, its limit and the cash cap, in dollars', () => {
    expect(defaultNotices(nyc).rules_notice).toBe(
      'NYC Campaign Finance Board rules: up to $2,100 from one contributor for this election cycle; no more than $100 in cash; no contributions from corporations, LLCs or partnerships.',
    );
    expect(defaultNotices({ ...nyc, rule_set: 'nys_pcf', limit_cents: 1_050_050, cash_cap_cents: null }).rules_notice).toBe(
      'New York State campaign finance rules: up to $10,500.50 from one contributor for this election cycle.',
    );
    expect(defaultNotices({ ...nyc, rule_set: 'custom', limit_cents: 100_000, cash_cap_cents: null }).rules_notice).toBe('Contribution limit: up to $1,000 from one contributor for this election cycle.');
    expect(defaultNotices({ ...nyc, rule_set: 'custom', limit_cents: null, cash_cap_cents: null }).rules_notice).toBe('');
  });

  it('stores only what differs from the default; shows the stored value, else the default', () => {
    const defaults = defaultNotices(nyc);
    expect(noticesToStore(defaults, defaults)).toEqual({ paid_for_by: null, tax_notice: null, privacy_url: null, rules_notice: null });
    const saved = { ...defaults, paid_for_by: 'Paid for by Demo PAC', rules_notice: '', privacy_url: 'https://demo.example.org/privacy' };
    const stored = noticesToStore(saved, defaults);
    expect(stored).toEqual({ paid_for_by: 'Paid for by Demo PAC', tax_notice: null, privacy_url: 'https://demo.example.org/privacy', rules_notice: '' });
    expect(effectiveNotices(stored, defaults)).toEqual(saved);
    expect(effectiveNotices(null, defaults)).toEqual(defaults);
  });

  it('receipt lines: no empty rules line, the privacy link named', () => {
    const defaults = defaultNotices(nyc);
    expect(noticeLines({ ...defaults, rules_notice: '', privacy_url: 'https://demo.example.org/privacy' })).toEqual([
      'Paid for by Friends of Demo',
      DEFAULT_TAX_NOTICE,
      'Privacy policy: https://demo.example.org/privacy',
    ]);
  });
});
