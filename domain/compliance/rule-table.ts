/**
 * RULE_TABLE: every figure the compliance engine uses, with the public source a treasurer can check.
 * The engine (engine.ts) reads its limits, caps, ratios and thresholds from here and nowhere else.
 *
 * Money values are integer cents; ratios are text ('8:1'). Rows marked `informational` are shown in
 * the "how we computed this" panel but not enforced (e.g. NYC "doing business" limits: the product
 * does not know whether a contributor is in the Doing Business Database).
 *
 * Pure: no React, no Node.
 */
import type { ComplianceRuleSet } from '../campaign';
import type { RuleId, RuleRow } from './types';

// ── sources ─────────────────────────────────────────────────────────────────────────────────

const NYC_LIMITS_2025 =
  'NYC Campaign Finance Board, "Limits & Thresholds — 2025 Citywide Elections", Contribution Limits table ' +
  '(CPI-adjusted limits adopted February 2022, in force for the whole 2025 cycle; NYC Admin. Code §3-703(1)(f), (7)), ' +
  'https://www.nyccfb.info/candidate-services/limits-thresholds/2025/';
const NYC_DOING_BUSINESS =
  'NYC Campaign Finance Board, "Limits & Thresholds — 2025 Citywide Elections": "If an individual contributor has business dealings with ' +
  'the city at the time their contribution is made, lower limits apply, whether the candidate is a participant or non-participant. Doing ' +
  'business contributions are not eligible for matching funds and do not count toward the threshold to receive public funds." Doing Business ' +
  'Contribution Limit: Mayor, Public Advocate, Comptroller $400; Borough President $320; City Council $250 (read in the copy ' +
  'http://nycvoterguide.us/candidate-services/limits-thresholds/2025 ; same figures on the CFB\'s 2017 and 2021 pages, e.g. ' +
  'http://nyccfb.info/candidate-services/limits-thresholds/2021/); NYC Admin. Code §3-703(1-a), (1-b) (Local Law 34 of 2007; CFB ' +
  'Advisory Opinion 2010-3), https://www.nyccfb.info/candidate-services/limits-thresholds/2025/';
const NYC_WHATS_NEW =
  'NYC Campaign Finance Board, "What\'s New in the Campaign Finance Program", Public Funds Matching Rate table ' +
  '(2018 Charter revision, Local Law 128 of 2019; NYC Admin. Code §3-705(2)(a)), ' +
  'https://www.nyccfb.info/program/what-s-new-in-the-campaign-finance-program/';
const NYC_JOIN =
  'NYC Campaign Finance Board, "Join the Matching Funds Program" (New Program = Option A, Old Program = Option B; ' +
  '"Beginning in 2022, all candidates will be subject to the new program"), https://www.nyccfb.info/candidate-services/join/';
const NYC_CONTRIBUTOR_DOS =
  'NYC Campaign Finance Board, "Campaign Finance Resources — Contributor Do\'s and Don\'ts" ("Only contributions from ' +
  'individuals are matchable with public funds"), https://www.nyccfb.info/program/campaign-finance-resources/';
const NYC_ADMIN_CODE =
  'NYC Campaign Finance Act, NYC Admin. Code Title 3 Chapter 7 (§3-702(3) "matchable contribution"; §3-703), ' +
  'https://www.nyccfb.info/law/act/';
const NYS_14_114 =
  'NY Election Law §14-114(1)(a)-(b) (as amended by L.2020 ch.58 Part ZZZ; limits for candidates participating in ' +
  'the public campaign financing system, "divided equally among the primary and general election"), ' +
  'https://www.nysenate.gov/legislation/laws/ELN/14-114';
const NYS_14_116 =
  'NY Election Law §14-116(2)-(3) (L.2019 ch.4, "LLC loophole" closed: LLCs subject to the $5,000 corporate ' +
  'aggregate per calendar year; contributions attributed to members), https://www.nysenate.gov/legislation/laws/ELN/14-116';
const NYS_14_200A =
  'NY Election Law §14-200-a(11) "matchable contribution" ((b)(xii): no portion above $250 aggregate per contributor), ' +
  'https://www.nysenate.gov/legislation/laws/ELN/14-200-A';
const NYS_14_205 =
  'NY Election Law §14-205(2) "Calculation of payment" ((a) statewide 6:1; (b) senate/assembly 12:1, 9:1, 8:1), ' +
  'https://www.nysenate.gov/legislation/laws/ELN/14-205';
const NYS_PCFB =
  'NYS Public Campaign Finance Board, "Candidate & Committee Services" (matching funds on small donations ($5-$250) ' +
  'from residents in the district), https://pcfb.ny.gov/candidate-committee-services';
const NYS_14_203 =
  'NY Election Law §14-203(1)(f) and §14-114(1)(g) (participating candidate\'s own money: up to three times the ' +
  'applicable contribution limit), https://www.nysenate.gov/legislation/laws/ELN/14-203';
const NYC_NON_PARTICIPANT =
  'NYC Campaign Finance Board, "Limits & Thresholds — 2025 Citywide Elections" (the limit table has one column per candidate ' +
  'status: Program participant / non-participant; "Contribution limits apply to all campaigns, whether or not you join the ' +
  'matching funds program. These limits apply for the entire election cycle."); NYC Admin. Code §3-703(1)(f) (participating ' +
  'candidates) and §3-719(2)(b) (non-participating candidates), https://www.nyccfb.info/candidate-services/limits-thresholds/2025/';
const NYC_CASH =
  'NYC Campaign Finance Board, Campaign Finance Handbook, "Contributions — Cash" (a campaign may not accept cash contributions ' +
  'that total more than $100 from one contributor; cash above $100 is also never matchable, NYC Admin. Code §3-702(3)) and ' +
  'Board Rules §1-04(c), https://www.nyccfb.info/candidate-services/handbooks/ (the subdivision of the Act was not verified here)';
const NYS_CYCLE =
  'NY Election Law §14-200-a(6) "election cycle" (two years for the legislature, four for statewide offices, from the day after ' +
  'the last general election), https://www.nysenate.gov/legislation/laws/ELN/14-200-A';
const SPEC_5 =
  'Product rule, SPEC §5 and error INTERNATIONAL_DONOR_INDIVIDUAL_ONLY ("An international donor can only be an ' +
  'Individual Contributor type"). Federal law (52 U.S.C. §30121, https://www.law.cornell.edu/uscode/text/52/30121) ' +
  'bans contributions from foreign nationals; US citizens and green-card holders living abroad are individuals ' +
  'who may give, so only the contributor-type rule is applied.';
const CUSTOM_SOURCE = 'Typed in by the campaign owner (campaign settings: custom limits). No public source.';

// Program thresholds and public-funds caps (the Match report's progress table). Each quotes what was read; the
// THRESHOLDS and "Public Funds Payment" sections of the CFB 2025 page could not be retrieved (only its opening).
const NYC_THRESHOLD_RULE =
  'NYC Campaign Finance Board, Advisory Opinion 2008-1 (re NYC Admin. Code §3-703(2)(a)): "a candidate participating in the ' +
  'Campaign Finance Program ... must meet a two-part threshold in order to demonstrate eligibility to receive public funds: the ' +
  'candidate must receive matchable contributions of $10 or more from a minimum number of New York City residents living in the ' +
  'area the candidate seeks to represent, and the candidate must raise a minimum dollar amount of matchable contributions from New ' +
  'York City residents", https://nyccfb.info/law/advisory-opinion-requests/2008-1-175-is-the-maximum-portion-of-a-contribution-counting-toward-dollar-amount-threshold-for-elections-after-january-1-2008/';
const NYC_THRESHOLD_MAYOR =
  'New York Daily News, 15-12-2020, on the 2021 elections: "mayoral contenders have to raise at least $250,000 and receive ' +
  'contributions of no more than $2,000 each from 1,000 city residents", https://www.nydailynews.com/news/politics/new-york-elections-government/ny-nyc-mayoral-race-matching-funds-20201215-r4wgpdmgardk3al2vwu3y5ey6y-story.html ; ' +
  'Gothamist (2021 elections): "To qualify for the funds, Mayoral candidates had to raise at least $250,000 from at least 1,000 ' +
  'contributors", https://gothamist.com/news/see-whos-raising-most-money-2021-election-nyc-so-far . Not verified against the ' +
  'THRESHOLDS section of https://www.nyccfb.info/candidate-services/limits-thresholds/2025/ (not retrievable here).';
const NYC_THRESHOLD_COUNCIL =
  'NYC Campaign Finance Board press release, 21-01-2021: "In the City Council District 24 Special Election, candidates must raise ' +
  '75 contributions from district residents and $5,000 in match-eligible funds (the first $175 from a city resident)", ' +
  'http://www.publicnow.com/view/0AB3190AFC9449BCF254B011BADC1F9A14FA66C8 ; PoliticsNY, 16-04-2021, quoting the CFB on the 2021 ' +
  'elections: "in City Council races that means candidates must raise at least $5,000 from city residents and at least 75 ' +
  'contributions from residents of the district where they are running", https://politicsny.com/2021/04/16/manhattan-candidates-reel-in-public-matching-dollars/ . ' +
  'Not verified against the THRESHOLDS section of https://www.nyccfb.info/candidate-services/limits-thresholds/2025/ (not retrievable here).';
const NYC_PUBLIC_FUNDS_MAX =
  'NYC Campaign Finance Board, "What\'s New in the Campaign Finance Program", Maximum Public Funds Payment table, per election ' +
  '(Primary Election / General Election): "Mayor $7,050,667 $7,050,667; Public Advocate, Comptroller $4,408,000 $4,408,000; Borough ' +
  'President $1,586,667 $1,586,667; City Council $184,000 $184,000" ("The public funds maximums and caps are based on the expenditure ' +
  'limit, so they are also be adjusted ... applicable for the entire election cycle"; same page as the $2,100 / $1,600 / $1,050 limits), ' +
  'https://www.nyccfb.info/program/what-s-new-in-the-campaign-finance-program/ (read on the copy at ' +
  'http://nycdebates.us/program/what-s-new-in-the-campaign-finance-program-2/). CAVEAT: "Local Law 9 of 2025, which was enacted on ' +
  'January 18, 2025 and is retroactive to March 1, 2024" raised the spending limits (CFB, Limits & Thresholds 2025A, ' +
  'https://www.nyccfb.info/candidate-services/limits-thresholds/2025A), and the CFB payment chart of 21-02-2025 lists City Council ' +
  'candidates with $192,534 in total payments: the 2025 maximums are probably higher than these; the new figures were not found.';
const NYS_14_203_THRESHOLD =
  'NY Election Law §14-203(2)(a) "Threshold for eligibility", as added by L.2020 ch.58 Part ZZZ, quoted as the law in force in ' +
  'Senate bill S.6874 of 2023 (read in the copy https://github.com/ryantd42/NY-Legislative-Git/blob/main/2023/S6874A-2023/bill.md): ' +
  '"(i) governor, not less than five hundred thousand dollars in contributions including at least five thousand matchable ' +
  'contributions ...; (ii) lieutenant governor, attorney general and comptroller, not less than one hundred thousand dollars in ' +
  'contributions including at least one thousand matchable contributions ...; (iii) state senator ... not less than twelve ' +
  'thousand dollars in contributions including at least one hundred fifty matchable contributions ...; (iv) member of the ' +
  'assembly ... not less than six thousand dollars in contributions including at least seventy-five matchable contributions"; ' +
  '(b): the first $250 of a larger contribution counts toward the dollar threshold; (c): the dollar threshold is reduced by ' +
  'one-third in districts of lower median income. Same figures: The Citizen (auburnpub.com), 18-11-2022, ' +
  'https://auburnpub.com/news/local/govt-and-politics/investment-in-democracy-ny-begins-matching-campaign-donations-for-state-candidates/article_9c0c47fc-6b70-517b-b2aa-e9fa8166a02e.html . ' +
  'Statute page https://www.nysenate.gov/legislation/laws/ELN/14-203 (only subdivision 1 retrievable here). A 2023 bill raising the ' +
  'legislative thresholds was reported (sgbelectionlaw.com); its enactment was not verified.';
const NYS_14_204 =
  'NY Election Law §14-204(1)-(2) "Limits on public financing" (nysenate.gov entry published 2025-05-16): primary election (effective ' +
  'August 7, 2025) "(a) for Governor and Lieutenant Governor (combined) $3,500,000 (b) for Attorney General or Comptroller $3,500,000 ' +
  '(c) for State Senator $375,000 (d) for Member of the Assembly $175,000" (until then "(a) for Governor $3,500,000 (b) for Lieutenant ' +
  'Governor, Attorney General or Comptroller $3,500,000"); general or special election "(a) for Governor and Lieutenant Governor ' +
  '(combined) $3,500,000 (b) for Attorney General $3,500,000 (c) for Comptroller $3,500,000 (d) for State Senator $375,000 (e) for ' +
  'Member of the Assembly $175,000", https://www.nysenate.gov/legislation/laws/ELN/14-204';

// ── offices ─────────────────────────────────────────────────────────────────────────────────

export const NYC_CITYWIDE_OFFICES = ['mayor', 'public_advocate', 'comptroller'] as const;
export const NYS_STATEWIDE_OFFICES = ['governor', 'lieutenant_governor', 'attorney_general', 'state_comptroller'] as const;
export const NYS_LEGISLATIVE_OFFICES = ['state_senate', 'state_assembly'] as const;

const NYC_SMALLER_OFFICES = ['borough_president', 'city_council'] as const;
const NYC_ALL_OFFICES = [...NYC_CITYWIDE_OFFICES, ...NYC_SMALLER_OFFICES] as const;

// ── rows ────────────────────────────────────────────────────────────────────────────────────

function everySet(idSuffix: string, row: Omit<RuleRow, 'id' | 'rule_set'>): RuleRow[] {
  const sets: ComplianceRuleSet[] = ['nyc_cfb', 'nys_pcf', 'custom'];
  return sets.map((rule_set) => ({ id: `${rule_set}.${idSuffix}`, rule_set, ...row }));
}

const NYC_ROWS: RuleRow[] = [
  // Contribution limits per election cycle (2025 cycle; apply to participants and non-participants alike).
  {
    id: 'nyc_cfb.limit.citywide.participant',
    rule_set: 'nyc_cfb',
    description: 'Contribution limit per contributor, Mayor / Public Advocate / Comptroller, campaign in the Matching Funds Program (participant)',
    value: 210_000,
    source: NYC_LIMITS_2025,
    offices: NYC_CITYWIDE_OFFICES,
  },
  {
    id: 'nyc_cfb.limit.citywide.non_participant',
    rule_set: 'nyc_cfb',
    description: 'Contribution limit per contributor, Mayor / Public Advocate / Comptroller, campaign not in the Program (non-participant)',
    value: 370_000,
    source: NYC_LIMITS_2025,
    offices: NYC_CITYWIDE_OFFICES,
  },
  {
    id: 'nyc_cfb.limit.borough_president.participant',
    rule_set: 'nyc_cfb',
    description: 'Contribution limit per contributor, Borough President, campaign in the Matching Funds Program (participant)',
    value: 160_000,
    source: NYC_LIMITS_2025,
    offices: ['borough_president'],
  },
  {
    id: 'nyc_cfb.limit.borough_president.non_participant',
    rule_set: 'nyc_cfb',
    description: 'Contribution limit per contributor, Borough President, campaign not in the Program (non-participant)',
    value: 265_000,
    source: NYC_LIMITS_2025,
    offices: ['borough_president'],
  },
  {
    id: 'nyc_cfb.limit.city_council.participant',
    rule_set: 'nyc_cfb',
    description: 'Contribution limit per contributor, City Council, campaign in the Matching Funds Program (participant)',
    value: 105_000,
    source: NYC_LIMITS_2025,
    offices: ['city_council'],
  },
  {
    id: 'nyc_cfb.limit.city_council.non_participant',
    rule_set: 'nyc_cfb',
    description: 'Contribution limit per contributor, City Council, campaign not in the Program (non-participant)',
    value: 160_000,
    source: NYC_LIMITS_2025,
    offices: ['city_council'],
  },
  {
    id: 'nyc_cfb.limit.class_governs',
    rule_set: 'nyc_cfb',
    description:
      "The limit belongs to the candidate: the campaign's office and its class (participant or not, campaign settings) choose it. " +
      "The donor's eligibility is only recorded (an import column); when it contradicts the campaign's class the donor and the " +
      'limit report show a warning, and it never loosens the limit.',
    value: "campaign's class",
    source: NYC_NON_PARTICIPANT,
    offices: NYC_ALL_OFFICES,
  },
  {
    id: 'nyc_cfb.limit.class_undetermined',
    rule_set: 'nyc_cfb',
    description:
      "Campaign participant status not set: the strictest of the office's participant and non-participant limits applies, with a " +
      'warning, until the status is set.',
    value: 'strictest limit of the office',
    source: NYC_NON_PARTICIPANT,
  },
  {
    id: 'nyc_cfb.limit.cash',
    rule_set: 'nyc_cfb',
    description:
      'Cash from one contributor: at most $100 in all for the election cycle (net of refunds; cash payments towards pledges count). ' +
      'A cash gift that would go over it is refused; equal is allowed.',
    value: 10_000,
    source: NYC_CASH,
  },
  {
    id: 'nyc_cfb.limit.option_b',
    rule_set: 'nyc_cfb',
    description:
      'Participant Option B (the "old program": higher limits, 6:1 match) was offered only for elections up to 2021. Since 2022 ' +
      'every participant is in the single program: a participant campaign applies the participant limit to a donor marked p-b, with a warning.',
    value: 'participant limit of the office',
    source: NYC_JOIN,
    offices: NYC_ALL_OFFICES,
  },
  {
    id: 'nyc_cfb.limit.office_not_covered',
    rule_set: 'nyc_cfb',
    description:
      'Office sought missing or not a NYC office (the CFB covers Mayor, Public Advocate, Comptroller, Borough President, City Council): ' +
      'the strictest NYC limit (City Council, participant) applies, with a warning, until the campaign office is set.',
    value: 105_000,
    source: NYC_LIMITS_2025,
  },
  {
    id: 'nyc_cfb.limit.candidate_own_money',
    rule_set: 'nyc_cfb',
    description:
      "Candidate's own money (contributor type 'candidate'): not limited by this product. Note: a Program participant may " +
      'contribute at most three times the contribution limit of the office to the own campaign (Campaign Finance Act §3-703; subsection not verified here); a warning says so.',
    value: 'no limit',
    source: NYC_ADMIN_CODE,
  },
  // Doing business with the City: lower limits for the office, participant or not, and never matchable. Applies to a
  // contributor marked as doing business (`ComplianceDonor.doing_business`); the candidate's own money and LLCs keep their rows.
  {
    id: 'nyc_cfb.limit.doing_business.citywide',
    rule_set: 'nyc_cfb',
    description: 'Doing-business contribution limit (contributor with business dealings with the City), Mayor / Public Advocate / Comptroller, participant or not.',
    value: 40_000,
    source: NYC_DOING_BUSINESS,
    offices: NYC_CITYWIDE_OFFICES,
  },
  {
    id: 'nyc_cfb.limit.doing_business.borough_president',
    rule_set: 'nyc_cfb',
    description: 'Doing-business contribution limit (contributor with business dealings with the City), Borough President, participant or not.',
    value: 32_000,
    source: NYC_DOING_BUSINESS,
    offices: ['borough_president'],
  },
  {
    id: 'nyc_cfb.limit.doing_business.city_council',
    rule_set: 'nyc_cfb',
    description:
      'Doing-business contribution limit (contributor with business dealings with the City), City Council, participant or not; also the ' +
      'limit used when the office sought is not set or not a NYC office (the strictest).',
    value: 25_000,
    source: NYC_DOING_BUSINESS,
    offices: ['city_council'],
  },
  // Prohibited sources.
  {
    id: 'nyc_cfb.prohibited.llc',
    rule_set: 'nyc_cfb',
    description: 'Limited liability companies may not contribute to any candidate for City office (participant or not).',
    value: 'prohibited',
    source: NYC_LIMITS_2025,
  },
  {
    id: 'nyc_cfb.prohibited.corporation_partnership',
    rule_set: 'nyc_cfb',
    description:
      'Corporations and partnerships may not contribute. There is no contributor type for them in this product, so the rule cannot be ' +
      'applied automatically: do not record such gifts.',
    value: 'prohibited',
    source: NYC_LIMITS_2025,
    informational: true,
  },
  {
    id: 'nyc_cfb.political_committee.registered',
    rule_set: 'nyc_cfb',
    description:
      'Political committees (candidate, party, political action committees) may contribute only if registered with the CFB for the ' +
      'current cycle. The product cannot check the registration: such gifts are accepted with a warning.',
    value: 'registered committees only',
    source: NYC_LIMITS_2025,
  },
  // Matching funds.
  {
    id: 'nyc_cfb.match.rate',
    rule_set: 'nyc_cfb',
    description: 'Matching rate on matchable contributions (Program participants only)',
    value: '8:1',
    source: NYC_WHATS_NEW,
    offices: NYC_ALL_OFFICES,
  },
  {
    id: 'nyc_cfb.match.cap.citywide',
    rule_set: 'nyc_cfb',
    description: 'Amount eligible for match per contributor, Mayor / Public Advocate / Comptroller (at 8:1: at most $2,000 public funds)',
    value: 25_000,
    source: NYC_WHATS_NEW,
    offices: NYC_CITYWIDE_OFFICES,
  },
  {
    id: 'nyc_cfb.match.cap.borough_council',
    rule_set: 'nyc_cfb',
    description:
      'Amount eligible for match per contributor, Borough President and City Council (at 8:1: at most $1,400 public funds). ' +
      'Also used, as the smaller cap, when the office is not set.',
    value: 17_500,
    source: NYC_WHATS_NEW,
    offices: NYC_SMALLER_OFFICES,
  },
  {
    id: 'nyc_cfb.match.contributor',
    rule_set: 'nyc_cfb',
    description:
      "Only natural persons are matchable: individual, candidate's spouse, candidate's family. The candidate's own money and every " +
      'organisation (committees, unions, LLCs) are not matchable.',
    value: 'natural persons',
    source: NYC_CONTRIBUTOR_DOS,
  },
  {
    id: 'nyc_cfb.match.residence',
    rule_set: 'nyc_cfb',
    description:
      'Only New York City residents are matchable: state New York and either the city is New York / New York City / NYC / Manhattan / ' +
      'Brooklyn / Bronx / The Bronx / Queens / Staten Island, or the ZIP code is a NYC one: 100xx-102xx (Manhattan), 103xx (Staten Island), ' +
      '104xx (Bronx), 111xx (Long Island City), 112xx (Brooklyn), 113xx and 114xx (Queens), 116xx (Rockaways), 11004 and 11005 (Glen Oaks / ' +
      'Floral Park, Queens). 110xx (other) and 115xx are Nassau County, 105xx-109xx are north of the city: not NYC. Border ZIPs shared with ' +
      'Nassau (11001, 11040) are treated as not NYC unless the city says otherwise. International donors are not residents.',
    value: 'New York City residents',
    source: NYC_ADMIN_CODE,
  },
  {
    id: 'nyc_cfb.match.cash_max',
    rule_set: 'nyc_cfb',
    description:
      'A cash contribution above this amount is not matchable (it still counts towards the limit). The cash cap per contributor ' +
      '(nyc_cfb.limit.cash) keeps new cash gifts at or below it; older records may still hold one.',
    value: 10_000,
    source: NYC_ADMIN_CODE,
  },
  {
    id: 'nyc_cfb.match.doing_business',
    rule_set: 'nyc_cfb',
    description: 'A contributor doing business with the City is not matchable, and does not count toward the threshold.',
    value: 0,
    source: NYC_DOING_BUSINESS,
  },
  {
    id: 'nyc_cfb.match.non_participant',
    rule_set: 'nyc_cfb',
    description: 'Campaigns that do not take part in the Matching Funds Program receive no public funds.',
    value: 0,
    source: NYC_JOIN,
  },  // Qualifying threshold and public-funds cap (progress in the Match report; never blocks a gift).
  {
    id: 'nyc_cfb.threshold.contribution_minimum',
    rule_set: 'nyc_cfb',
    description:
      'Qualifying threshold, first part: a contributor counts toward the number of contributors when their matchable contributions ' +
      'reach $10 and they live in the area the candidate seeks to represent (city, borough or council district). The product checks ' +
      "the council district when both the campaign's and the donor's district are set, otherwise New York City residence.",
    value: 1_000,
    source: NYC_THRESHOLD_RULE,
    offices: NYC_ALL_OFFICES,
  },
  {
    id: 'nyc_cfb.threshold.mayor.contributors',
    rule_set: 'nyc_cfb',
    description: 'Qualifying threshold, Mayor: matchable contributions of $10 or more from at least 1,000 New York City residents.',
    value: 1_000,
    unit: 'count',
    source: NYC_THRESHOLD_MAYOR,
    offices: ['mayor'],
  },
  {
    id: 'nyc_cfb.threshold.mayor.amount',
    rule_set: 'nyc_cfb',
    description: 'Qualifying threshold, Mayor: at least $250,000 of matchable contributions (the matchable part of each) from New York City residents.',
    value: 25_000_000,
    source: NYC_THRESHOLD_MAYOR,
    offices: ['mayor'],
  },
  {
    id: 'nyc_cfb.threshold.city_council.contributors',
    rule_set: 'nyc_cfb',
    description: 'Qualifying threshold, City Council: matchable contributions of $10 or more from at least 75 residents of the council district.',
    value: 75,
    unit: 'count',
    source: NYC_THRESHOLD_COUNCIL,
    offices: ['city_council'],
  },
  {
    id: 'nyc_cfb.threshold.city_council.amount',
    rule_set: 'nyc_cfb',
    description: 'Qualifying threshold, City Council: at least $5,000 of matchable contributions (the first $175 of each contributor) from New York City residents.',
    value: 500_000,
    source: NYC_THRESHOLD_COUNCIL,
    offices: ['city_council'],
  },
  {
    id: 'nyc_cfb.threshold.not_found',
    rule_set: 'nyc_cfb',
    description:
      'Qualifying threshold, Public Advocate, Comptroller and Borough President: not found in a retrieved source (the THRESHOLDS ' +
      'section of the CFB 2025 page could not be read), so it is not in this table; the report shows the counts without a target.',
    value: 'not in this table',
    source: NYC_LIMITS_2025,
    offices: ['public_advocate', 'comptroller', 'borough_president'],
    informational: true,
  },
  {
    id: 'nyc_cfb.public_funds.mayor.cap',
    rule_set: 'nyc_cfb',
    description:
      'Maximum public funds payment per election (primary and general each), Mayor: $7,050,667 as published for the 2025 cycle ' +
      'before Local Law 9 of 2025 raised the spending limits (the raised figure was not found).',
    value: 705_066_700,
    source: NYC_PUBLIC_FUNDS_MAX,
    offices: ['mayor'],
  },
  {
    id: 'nyc_cfb.public_funds.public_advocate_comptroller.cap',
    rule_set: 'nyc_cfb',
    description:
      'Maximum public funds payment per election (primary and general each), Public Advocate and Comptroller: $4,408,000 as published ' +
      'for the 2025 cycle before Local Law 9 of 2025 raised the spending limits (the raised figure was not found).',
    value: 440_800_000,
    source: NYC_PUBLIC_FUNDS_MAX,
    offices: ['public_advocate', 'comptroller'],
  },
  {
    id: 'nyc_cfb.public_funds.borough_president.cap',
    rule_set: 'nyc_cfb',
    description:
      'Maximum public funds payment per election (primary and general each), Borough President: $1,586,667 as published for the 2025 ' +
      'cycle before Local Law 9 of 2025 raised the spending limits (the raised figure was not found).',
    value: 158_666_700,
    source: NYC_PUBLIC_FUNDS_MAX,
    offices: ['borough_president'],
  },
  {
    id: 'nyc_cfb.public_funds.city_council.cap',
    rule_set: 'nyc_cfb',
    description:
      'Maximum public funds payment per election (primary and general each), City Council: $184,000 as published for the 2025 cycle ' +
      'before Local Law 9 of 2025 raised the spending limits (CFB paid $192,534 to some 2025 council candidates; the raised figure was not found).',
    value: 18_400_000,
    source: NYC_PUBLIC_FUNDS_MAX,
    offices: ['city_council'],
  },
  {
    id: 'nyc_cfb.threshold.non_participant',
    rule_set: 'nyc_cfb',
    description:
      'The qualifying threshold and the public-funds cap concern Program participants only: for a campaign not in the Program (or whose ' +
      'participant status is not set) they do not apply.',
    value: 'does not apply',
    source: NYC_JOIN,
  },
];

const NYS_ROWS: RuleRow[] = [
  {
    id: 'nys_pcf.limit.statewide',
    rule_set: 'nys_pcf',
    description:
      'Contribution limit per contributor per election cycle, Governor / Lieutenant Governor / Attorney General / Comptroller: ' +
      '$18,000, divided equally between the primary ($9,000) and the general election ($9,000).',
    value: 1_800_000,
    source: NYS_14_114,
    offices: NYS_STATEWIDE_OFFICES,
  },
  {
    id: 'nys_pcf.limit.state_senate',
    rule_set: 'nys_pcf',
    description:
      'Contribution limit per contributor per election cycle, State Senate: $10,000, divided equally between primary ($5,000) and general ($5,000).',
    value: 1_000_000,
    source: NYS_14_114,
    offices: ['state_senate'],
  },
  {
    id: 'nys_pcf.limit.state_assembly',
    rule_set: 'nys_pcf',
    description:
      'Contribution limit per contributor per election cycle, State Assembly: $6,000, divided equally between primary ($3,000) and general ($3,000).',
    value: 600_000,
    source: NYS_14_114,
    offices: ['state_assembly'],
  },
  {
    id: 'nys_pcf.limit.primary_general_split',
    rule_set: 'nys_pcf',
    description:
      'The cycle limit is split equally between the primary and the general election: no more than half of it may be given for the ' +
      'primary. The product tracks one aggregate per donor, so it enforces the cycle total and warns about the split.',
    value: '1/2 per election',
    source: NYS_14_114,
  },
  {
    id: 'nys_pcf.limit.all_eligibilities',
    rule_set: 'nys_pcf',
    description:
      'The same figures are applied whatever the donor eligibility (p-a, p-b, np, un): Option A/B are NYC notions, and the figures ' +
      'above are those for participating candidates.',
    value: 'same limit',
    source: NYS_14_114,
  },
  {
    id: 'nys_pcf.limit.class_governs',
    rule_set: 'nys_pcf',
    description:
      "The limit belongs to the candidate (office and participation in the public financing program); the donor's eligibility is " +
      'only recorded, and a contradiction with the campaign is shown as a warning.',
    value: "campaign's class",
    source: NYS_14_114,
  },
  {
    id: 'nys_pcf.limit.non_participant',
    rule_set: 'nys_pcf',
    description:
      'Candidates outside the public financing program have higher limits (§14-114(1)(a)-(b), first part, adjusted every cycle); ' +
      "they are not in this table, so the participants' stricter figures apply, with a warning. It never loosens a limit.",
    value: 'participant limit of the office',
    source: NYS_14_114,
  },
  {
    id: 'nys_pcf.limit.class_undetermined',
    rule_set: 'nys_pcf',
    description: "Campaign participant status not set: the participants' (strictest) figures apply, with a warning.",
    value: 'strictest limit of the office',
    source: NYS_14_114,
  },
  {
    id: 'nys_pcf.limit.cash',
    rule_set: 'nys_pcf',
    description:
      'No per-contributor cash cap for NY State candidates could be verified against the statute text here: cash is recorded and ' +
      'counted toward the limit, not capped.',
    value: 'not enforced',
    source: NYS_14_114,
    informational: true,
  },
  {
    id: 'nys_pcf.limit.office_not_covered',
    rule_set: 'nys_pcf',
    description:
      'Office sought missing or not a NYS public-financing office: the strictest NYS limit (State Assembly) applies, with a warning.',
    value: 600_000,
    source: NYS_14_114,
  },
  {
    id: 'nys_pcf.limit.llc_annual_aggregate',
    rule_set: 'nys_pcf',
    description:
      'LLCs (like corporations) may give at most $5,000 per calendar year in total to all NY state and local candidates and committees; ' +
      'the gift is also attributed to the members. The product applies the smaller of this and the office limit, and warns that the ' +
      '$5,000 is an annual total across all recipients.',
    value: 500_000,
    source: NYS_14_116,
  },
  {
    id: 'nys_pcf.limit.candidate_own_money',
    rule_set: 'nys_pcf',
    description:
      "Candidate's own money (contributor type 'candidate'): not limited by this product. Note: a participating candidate may contribute " +
      'at most three times the applicable contribution limit to the own committee; a warning says so.',
    value: 'no limit',
    source: NYS_14_203,
  },
  {
    id: 'nys_pcf.limit.family',
    rule_set: 'nys_pcf',
    description:
      "Candidate's family: the statute allows a larger, enrolment-based amount for statewide candidates' close family; the product " +
      'applies the ordinary limit (stricter).',
    value: 'ordinary limit',
    source: NYS_14_114,
    informational: true,
  },
  // Matching funds.
  {
    id: 'nys_pcf.match.minimum',
    rule_set: 'nys_pcf',
    description: "Smallest matchable amount: a contributor's aggregate under $5 is not matchable.",
    value: 500,
    source: NYS_PCFB,
  },
  {
    id: 'nys_pcf.match.cap',
    rule_set: 'nys_pcf',
    description: 'Matchable amount per contributor: the aggregate, capped at $250 (no portion above $250 is matchable).',
    value: 25_000,
    source: NYS_14_200A,
  },
  {
    id: 'nys_pcf.match.statewide.rate',
    rule_set: 'nys_pcf',
    description: 'Statewide offices: $6 of public funds per matchable $1 (so $250 → $1,500).',
    value: '6:1',
    source: NYS_14_205,
    offices: NYS_STATEWIDE_OFFICES,
  },
  {
    id: 'nys_pcf.match.legislative.tier1.amount',
    rule_set: 'nys_pcf',
    description: 'State Senate / Assembly, first tier: the first $50 matchable per contributor …',
    value: 5_000,
    source: NYS_14_205,
    offices: NYS_LEGISLATIVE_OFFICES,
  },
  {
    id: 'nys_pcf.match.legislative.tier1.rate',
    rule_set: 'nys_pcf',
    description: '… is matched 12:1 (at most $600).',
    value: '12:1',
    source: NYS_14_205,
    offices: NYS_LEGISLATIVE_OFFICES,
  },
  {
    id: 'nys_pcf.match.legislative.tier2.amount',
    rule_set: 'nys_pcf',
    description: 'State Senate / Assembly, second tier: the next $100 …',
    value: 10_000,
    source: NYS_14_205,
    offices: NYS_LEGISLATIVE_OFFICES,
  },
  {
    id: 'nys_pcf.match.legislative.tier2.rate',
    rule_set: 'nys_pcf',
    description: '… is matched 9:1 (at most $900).',
    value: '9:1',
    source: NYS_14_205,
    offices: NYS_LEGISLATIVE_OFFICES,
  },
  {
    id: 'nys_pcf.match.legislative.tier3.amount',
    rule_set: 'nys_pcf',
    description: 'State Senate / Assembly, third tier: the next $100 …',
    value: 10_000,
    source: NYS_14_205,
    offices: NYS_LEGISLATIVE_OFFICES,
  },
  {
    id: 'nys_pcf.match.legislative.tier3.rate',
    rule_set: 'nys_pcf',
    description: '… is matched 8:1 (at most $800; $250 in all → $2,300).',
    value: '8:1',
    source: NYS_14_205,
    offices: NYS_LEGISLATIVE_OFFICES,
  },
  {
    id: 'nys_pcf.match.contributor',
    rule_set: 'nys_pcf',
    description:
      "Only natural persons are matchable: individual, candidate's spouse, candidate's family. The candidate's own money and every " +
      'organisation are not matchable.',
    value: 'natural persons',
    source: NYS_14_200A,
  },
  {
    id: 'nys_pcf.match.residence',
    rule_set: 'nys_pcf',
    description:
      'Statewide offices: New York State residents (state new_york, not international). State Senate / Assembly: residents of the ' +
      "district — checked against the campaign's district when it is known; otherwise state residence is used, with a warning.",
    value: 'New York State / district residents',
    source: NYS_PCFB,
  },
  {
    id: 'nys_pcf.match.office_not_covered',
    rule_set: 'nys_pcf',
    description: 'Office sought missing or not covered: the smaller (statewide, 6:1) formula is used, with a warning.',
    value: '6:1',
    source: NYS_14_205,
  },
  {
    id: 'nys_pcf.match.non_participant',
    rule_set: 'nys_pcf',
    description: 'Campaigns that do not take part in the public campaign finance program receive no public funds.',
    value: 0,
    source: NYS_PCFB,
  },  // Threshold for eligibility and public-funds cap (progress in the Match report; never blocks a gift).
  {
    id: 'nys_pcf.threshold.governor.contributors',
    rule_set: 'nys_pcf',
    description: 'Threshold for eligibility, Governor: at least 5,000 matchable contributions ($5 to $250) from New York State residents (counted per contributor).',
    value: 5_000,
    unit: 'count',
    source: NYS_14_203_THRESHOLD,
    offices: ['governor'],
  },
  {
    id: 'nys_pcf.threshold.governor.amount',
    rule_set: 'nys_pcf',
    description: 'Threshold for eligibility, Governor: at least $500,000 of contributions from New York State residents (the first $250 of each contributor counts).',
    value: 50_000_000,
    source: NYS_14_203_THRESHOLD,
    offices: ['governor'],
  },
  {
    id: 'nys_pcf.threshold.statewide_other.contributors',
    rule_set: 'nys_pcf',
    description:
      'Threshold for eligibility, Lieutenant Governor / Attorney General / Comptroller: at least 1,000 matchable contributions from New ' +
      'York State residents (counted per contributor).',
    value: 1_000,
    unit: 'count',
    source: NYS_14_203_THRESHOLD,
    offices: ['lieutenant_governor', 'attorney_general', 'state_comptroller'],
  },
  {
    id: 'nys_pcf.threshold.statewide_other.amount',
    rule_set: 'nys_pcf',
    description:
      'Threshold for eligibility, Lieutenant Governor / Attorney General / Comptroller: at least $100,000 of contributions from New York ' +
      'State residents (the first $250 of each contributor counts).',
    value: 10_000_000,
    source: NYS_14_203_THRESHOLD,
    offices: ['lieutenant_governor', 'attorney_general', 'state_comptroller'],
  },
  {
    id: 'nys_pcf.threshold.state_senate.contributors',
    rule_set: 'nys_pcf',
    description: 'Threshold for eligibility, State Senate: at least 150 matchable contributions from residents of the district (counted per contributor).',
    value: 150,
    unit: 'count',
    source: NYS_14_203_THRESHOLD,
    offices: ['state_senate'],
  },
  {
    id: 'nys_pcf.threshold.state_senate.amount',
    rule_set: 'nys_pcf',
    description: 'Threshold for eligibility, State Senate: at least $12,000 of contributions from residents of the district (the first $250 of each contributor counts).',
    value: 1_200_000,
    source: NYS_14_203_THRESHOLD,
    offices: ['state_senate'],
  },
  {
    id: 'nys_pcf.threshold.state_assembly.contributors',
    rule_set: 'nys_pcf',
    description: 'Threshold for eligibility, State Assembly: at least 75 matchable contributions from residents of the district (counted per contributor).',
    value: 75,
    unit: 'count',
    source: NYS_14_203_THRESHOLD,
    offices: ['state_assembly'],
  },
  {
    id: 'nys_pcf.threshold.state_assembly.amount',
    rule_set: 'nys_pcf',
    description: 'Threshold for eligibility, State Assembly: at least $6,000 of contributions from residents of the district (the first $250 of each contributor counts).',
    value: 600_000,
    source: NYS_14_203_THRESHOLD,
    offices: ['state_assembly'],
  },
  {
    id: 'nys_pcf.threshold.low_income_district',
    rule_set: 'nys_pcf',
    description:
      'In senate and assembly districts whose median household income is below the state average the dollar threshold is one-third ' +
      'lower. The product does not know which districts qualify (the PCFB publishes them) and shows the full figure.',
    value: '1/3 lower',
    source: NYS_14_203_THRESHOLD,
    offices: NYS_LEGISLATIVE_OFFICES,
    informational: true,
  },
  {
    id: 'nys_pcf.public_funds.governor_lieutenant_governor.cap',
    rule_set: 'nys_pcf',
    description: 'Maximum public funds per election (primary and general each), Governor and Lieutenant Governor (combined): $3,500,000.',
    value: 350_000_000,
    source: NYS_14_204,
    offices: ['governor', 'lieutenant_governor'],
  },
  {
    id: 'nys_pcf.public_funds.attorney_general.cap',
    rule_set: 'nys_pcf',
    description: 'Maximum public funds per election (primary and general each), Attorney General: $3,500,000.',
    value: 350_000_000,
    source: NYS_14_204,
    offices: ['attorney_general'],
  },
  {
    id: 'nys_pcf.public_funds.state_comptroller.cap',
    rule_set: 'nys_pcf',
    description: 'Maximum public funds per election (primary and general each), Comptroller: $3,500,000.',
    value: 350_000_000,
    source: NYS_14_204,
    offices: ['state_comptroller'],
  },
  {
    id: 'nys_pcf.public_funds.state_senate.cap',
    rule_set: 'nys_pcf',
    description: 'Maximum public funds per election (primary and general each), State Senate: $375,000.',
    value: 37_500_000,
    source: NYS_14_204,
    offices: ['state_senate'],
  },
  {
    id: 'nys_pcf.public_funds.state_assembly.cap',
    rule_set: 'nys_pcf',
    description: 'Maximum public funds per election (primary and general each), State Assembly: $175,000.',
    value: 17_500_000,
    source: NYS_14_204,
    offices: ['state_assembly'],
  },
  {
    id: 'nys_pcf.threshold.non_participant',
    rule_set: 'nys_pcf',
    description:
      'The threshold for eligibility and the public-funds cap concern participating candidates only: for a campaign outside the ' +
      'program (or whose participant status is not set) they do not apply.',
    value: 'does not apply',
    source: NYS_PCFB,
  },
];

const CUSTOM_ROWS: RuleRow[] = [
  {
    id: 'custom.limit.individual',
    rule_set: 'custom',
    description: "Limit per contributor for natural persons (individual, candidate's spouse, candidate's family), as typed in by the owner.",
    value: 'custom_limit_individual_cents',
    source: CUSTOM_SOURCE,
  },
  {
    id: 'custom.limit.organization',
    rule_set: 'custom',
    description: 'Limit per contributor for every other contributor type (committees, unions, LLCs), as typed in by the owner.',
    value: 'custom_limit_organization_cents',
    source: CUSTOM_SOURCE,
  },
  {
    id: 'custom.limit.none',
    rule_set: 'custom',
    description: 'A custom limit left empty means no limit; a warning asks the owner to set it.',
    value: 'no limit',
    source: CUSTOM_SOURCE,
  },
  {
    id: 'custom.limit.candidate_own_money',
    rule_set: 'custom',
    description: "Candidate's own money (contributor type 'candidate'): no limit.",
    value: 'no limit',
    source: CUSTOM_SOURCE,
  },
  {
    id: 'custom.match.none',
    rule_set: 'custom',
    description: 'Custom rule sets have no public matching program: nothing is matchable.',
    value: 0,
    source: CUSTOM_SOURCE,
  },  {
    id: 'custom.threshold.none',
    rule_set: 'custom',
    description: 'Custom rule sets have no public matching program: no qualifying threshold and no public-funds cap apply.',
    value: 'does not apply',
    source: CUSTOM_SOURCE,
  },
];

const COMMON_ROWS: RuleRow[] = [
  ...everySet('international.individual_only', {
    description: 'An international donor can only be an Individual Contributor (applies to every rule set).',
    value: 'individual only',
    source: SPEC_5,
  }),
  ...everySet('cycle.outside', {
    description:
      "Limits and matching count per election cycle: a gift or pledge dated outside the campaign's cycle does not count toward " +
      "this cycle's limit or match. It is accepted only when the user confirms a warning naming the cycle it falls in, and shows " +
      'in the all-time figures.',
    value: 'per election cycle',
    source: `${NYC_NON_PARTICIPANT}; ${NYS_CYCLE}`,
  }),
];

export const RULE_TABLE: readonly RuleRow[] = Object.freeze([...NYC_ROWS, ...NYS_ROWS, ...CUSTOM_ROWS, ...COMMON_ROWS]);

// ── lookups used by the engine ──────────────────────────────────────────────────────────────

const BY_ID: ReadonlyMap<RuleId, RuleRow> = new Map(RULE_TABLE.map((row) => [row.id, row]));

/** The row of `id`; throws when the table lacks it (a programming error caught by the tests). */
export function ruleRow(id: RuleId): RuleRow {
  const row = BY_ID.get(id);
  if (!row) throw new Error(`Unknown compliance rule: ${id}`);
  return row;
}

/** A money figure (cents) of the table. */
export function ruleCents(id: RuleId): number {
  const row = ruleRow(id);
  if (typeof row.value !== 'number' || row.unit === 'count') throw new Error(`Compliance rule ${id} is not an amount`);
  return row.value;
}

/** A count figure of the table (a threshold's number of contributors). */
export function ruleCount(id: RuleId): number {
  const row = ruleRow(id);
  if (row.unit !== 'count' || typeof row.value !== 'number') throw new Error(`Compliance rule ${id} is not a count`);
  return row.value;
}

/** A ratio figure ('8:1' → 8) of the table. */
export function ruleRatio(id: RuleId): number {
  const value = ruleRow(id).value;
  const match = typeof value === 'string' ? /^(\d+):1$/.exec(value) : null;
  if (!match) throw new Error(`Compliance rule ${id} is not a ratio`);
  return Number(match[1]);
}
