/**
 * The demo campaign's book (DEMO_SEED): ~40 donors of every contributor type (NYC and NYS addresses,
 * a few out of state and abroad, tags and notes), pledges (one payment, instalments, partly paid,
 * paid, one written off), donations of every payment method and source (one refunded, one partly refunded
 * for the excess over the limit, checks with their numbers, cash up to the $100 cap), ~25 expenses across purposes and a few follow-up calls, so that every screen shows
 * something. Written once per campaign (a campaign_audit row 'demo.book_seeded' marks it; a campaign
 * whose book is already in use is left alone), through SQL only: no HTTP, no services.
 *
 * Dates are relative to the seed time. Two seasons:
 *   - 'recent': the last 12 months (the dashboard's monthly chart);
 *   - 'cycle': the 12 months up to the end of the campaign's election cycle, or up to today while the
 *     cycle runs (then both seasons are the last 12 months). Donor figures, limits, matching and the
 *     cycle statistics count only what falls in the cycle, so a demo seeded after its cycle ended
 *     still shows them.
 * Every donor stays within the NYC CFB limit of the demo's mayoral race, whatever the seed date;
 * four are exactly at it (two by gifts alone, one with a pledge's open remainder, one non-participant).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from './executor';
import { campaignAudit, campaigns, donationRefunds, donations, donorContacts, donorMetadata, donors, electionCycles, expenses, pledges } from './schema';

export const DEMO_BOOK_MARKER = 'demo.book_seeded';

type Season = 'cycle' | 'recent';
type Method = 'paypal' | 'cash' | 'check' | 'card' | 'zelle' | 'venmo';

interface DemoDonor {
  key: string;
  name: string;
  type?: string;
  eligibility: 'p-a' | 'p-b' | 'np' | 'un';
  email?: string;
  phone?: string;
  employer?: string;
  occupation?: string;
  address?: string;
  apt?: string;
  city: string;
  /** snake_case US state; omitted abroad. */
  state?: string;
  zip?: string;
  district?: string;
  country?: string;
  tags?: string[];
  notes?: string[];
}

interface DemoGift {
  donor: string;
  season: Season;
  /** Days before the season's end. */
  day: number;
  dollars: number;
  method: Method;
  pledge?: string;
  ref?: string;
  memo?: string;
  source?: 'manual' | 'import' | 'online';
  /** Payment method 'check': its number. */
  checkNumber?: string;
  /** A refund some days after the gift; of `dollars` only (a partial refund) or of all of it. */
  refund?: { afterDays: number; reason: string; dollars?: number };
}

interface DemoPledge {
  key: string;
  donor: string;
  season: Season;
  day: number;
  dollars: number;
  /** Monthly instalments of these dollar amounts, the first one month after the commitment. */
  instalments?: number[];
  note?: string;
  writeOff?: { afterDays: number; reason: string };
}

interface DemoExpense {
  season: Season;
  day: number;
  dollars: number;
  payee: string;
  purpose: string;
  details?: string;
  method: 'check' | 'card' | 'bank_transfer' | 'cash' | 'paypal' | 'zelle' | 'venmo';
  ref?: string;
  memo?: string;
}

interface DemoCall {
  donor: string;
  /** Days before today. */
  day: number;
  outcome: 'reached' | 'promised_payment' | 'left_message' | 'no_answer' | 'wrong_number' | 'declined';
  note: string;
  /** Days after today (negative: in the past). */
  nextCallIn?: number;
}

// ── donors ──────────────────────────────────────────────────────────────────────────────────

const NY = 'new_york';

const DONORS: DemoDonor[] = [
  // Host committee and major givers
  { key: 'chen', name: 'Margaret Chen', eligibility: 'p-a', email: 'margaret.chen@example.com', phone: '2125550101', employer: 'Chen & Partners LLP', occupation: 'Attorney', address: '245 West 72nd Street', apt: '12B', city: 'New York', state: NY, zip: '10023', district: 'Council District 6', tags: ['host committee', 'major donor'], notes: ['Hosted the spring house party; asked to be invited to the policy briefing.'] },
  { key: 'alvarez', name: 'Robert Alvarez', eligibility: 'p-a', email: 'r.alvarez@example.net', phone: '7185550102', employer: 'Alvarez Construction', occupation: 'Contractor', address: '88 Court Street', city: 'Brooklyn', state: NY, zip: '11201', district: 'Council District 33', tags: ['host committee'], notes: ['Pays his pledge by the 15th of each month.'] },
  { key: 'rossi', name: 'Sofia Rossi', eligibility: 'np', email: 'sofia.rossi@example.com', phone: '7185550103', employer: 'Rossi Restaurant Group', occupation: 'Restaurateur', address: '1520 Richmond Road', city: 'Staten Island', state: NY, zip: '10304', tags: ['major donor'] },
  { key: 'kim', name: 'Daniel Kim', eligibility: 'p-a', email: 'daniel.kim@example.org', phone: '6465550104', employer: 'Columbia University', occupation: 'Professor', address: '410 Riverside Drive', apt: '7F', city: 'New York', state: NY, zip: '10025', tags: ['monthly pledge'], notes: ['Prefers e-mail reminders, never calls during class hours.'] },
  { key: 'okafor', name: 'Grace Okafor', eligibility: 'p-a', email: 'grace.okafor@example.com', phone: '7185550105', employer: 'NYC Health + Hospitals', occupation: 'Nurse', address: '135-20 Liberty Avenue', city: 'Queens', state: NY, zip: '11419', tags: ['volunteer'] },
  { key: 'goldberg', name: 'Hannah Goldberg', eligibility: 'p-a', email: 'hannah.goldberg@example.net', phone: '9175550106', employer: 'Self-employed', occupation: 'Architect', address: '30 Grove Street', city: 'New York', state: NY, zip: '10014', tags: ['host committee'] },
  { key: 'whitfield', name: 'Thomas Whitfield', eligibility: 'p-a', email: 'tom.whitfield@example.com', phone: '7185550107', employer: 'Retired', occupation: 'Retired', address: '61-15 Woodhaven Boulevard', city: 'Queens', state: NY, zip: '11374', notes: ['Moved to Florida; withdrew his pledge.'] },
  { key: 'park', name: 'Kevin Park', eligibility: 'p-a', email: 'kevin.park@example.org', phone: '3475550108', employer: 'Park Dental', occupation: 'Dentist', address: '2110 86th Street', city: 'Brooklyn', state: NY, zip: '11214', notes: ['Charged twice online; the duplicate was refunded.'] },
  { key: 'romero', name: 'Luis Romero', eligibility: 'p-a', email: 'luis.romero@example.com', phone: '7185550109', employer: 'MTA', occupation: 'Bus operator', address: '2385 Grand Concourse', city: 'Bronx', state: NY, zip: '10468', tags: ['volunteer', 'canvasser'] },
  { key: 'walsh', name: "Brigid O'Connor-Walsh", eligibility: 'p-b', email: 'brigid.walsh@example.net', phone: '9175550110', employer: 'Walsh Insurance', occupation: 'Broker', address: '350 East 57th Street', city: 'New York', state: NY, zip: '10022', tags: ['host committee'] },
  // The candidate's own money and family
  { key: 'candidate', name: 'Demo Candidate', type: 'candidate', eligibility: 'p-a', email: 'candidate@demo.campaign', phone: '2125550111', occupation: 'Candidate', address: '12 Jane Street', city: 'New York', state: NY, zip: '10014' },
  { key: 'spouse', name: 'Alex Candidate', type: 'candidates_spouse', eligibility: 'p-a', email: 'alex.candidate@example.com', phone: '2125550112', employer: 'Mount Sinai', occupation: 'Physician', address: '12 Jane Street', city: 'New York', state: NY, zip: '10014' },
  { key: 'family', name: 'Pat Candidate', type: 'candidates_family', eligibility: 'p-a', email: 'pat.candidate@example.com', phone: '5185550113', occupation: 'Teacher', address: '44 Lark Street', city: 'Albany', state: NY, zip: '12210' },
  // Organisations
  { key: 'pac', name: 'Working Families for Progress PAC', type: 'political_action_committee', eligibility: 'np', email: 'treasurer@wfp-pac.example.org', phone: '2125550114', address: '2 Park Avenue', city: 'New York', state: NY, zip: '10016', notes: ['Registered with the CFB; copy of the registration on file.'] },
  { key: 'union', name: 'Hotel and Gaming Trades Council', type: 'labor_unions', eligibility: 'np', email: 'politics@htc.example.org', phone: '2125550115', address: '707 Eighth Avenue', city: 'New York', state: NY, zip: '10036' },
  { key: 'party', name: 'Kings County Democratic Committee', type: 'party_committee', eligibility: 'np', email: 'finance@kcdc.example.org', phone: '7185550116', address: '16 Court Street', city: 'Brooklyn', state: NY, zip: '11241' },
  { key: 'committee', name: 'Friends of Maria Lopez', type: 'candidate_committee', eligibility: 'np', email: 'treasurer@friendsofmarialopez.example.org', phone: '7185550117', address: '900 Southern Boulevard', city: 'Bronx', state: NY, zip: '10459' },
  { key: 'llc', name: 'Greenpoint Ventures LLC', type: 'limited_liability_company', eligibility: 'np', email: 'office@greenpointventures.example.com', phone: '7185550118', address: '55 Franklin Street', city: 'Brooklyn', state: NY, zip: '11222', tags: ['do not solicit'], notes: ['LLC gifts are prohibited under NYC CFB rules: their check was returned uncashed.'] },
  // International individuals (US citizens abroad)
  { key: 'carter', name: 'Emily Carter', eligibility: 'un', email: 'emily.carter@example.co.uk', employer: 'Barclays', occupation: 'Analyst', address: '14 Hanover Square', city: 'London', zip: 'W1S 1HP', country: 'GB', notes: ['US citizen living abroad; passport copy on file.'] },
  { key: 'dupont', name: 'Julia Dupont', eligibility: 'un', email: 'julia.dupont@example.fr', occupation: 'Translator', address: '8 Rue de Rivoli', city: 'Paris', zip: '75004', country: 'FR' },
  { key: 'nair', name: 'Priya Nair', eligibility: 'un', email: 'priya.nair@example.ca', employer: 'Shopify', occupation: 'Engineer', address: '220 King Street West', city: 'Toronto', zip: 'M5H 1K4', country: 'CA' },
  // Small and regular donors
  { key: 'johnson', name: 'Marcus Johnson', eligibility: 'p-a', email: 'marcus.johnson@example.com', phone: '7185550121', employer: 'FDNY', occupation: 'Firefighter', address: '1199 Fulton Street', city: 'Brooklyn', state: NY, zip: '11216', tags: ['volunteer'] },
  { key: 'nguyen', name: 'Linh Nguyen', eligibility: 'p-a', email: 'linh.nguyen@example.org', phone: '9175550122', employer: 'NYC DOE', occupation: 'Teacher', address: '41-21 Main Street', city: 'Queens', state: NY, zip: '11355', tags: ['volunteer', 'phone bank'] },
  { key: 'cohen', name: 'David Cohen', eligibility: 'p-a', email: 'david.cohen@example.net', phone: '6465550123', employer: 'Cohen Pharmacy', occupation: 'Pharmacist', address: '580 West End Avenue', city: 'New York', state: NY, zip: '10024' },
  { key: 'hernandez', name: 'Ana Hernandez', eligibility: 'p-a', email: 'ana.hernandez@example.com', phone: '3475550124', employer: 'Bronx Community College', occupation: 'Counselor', address: '2155 University Avenue', city: 'Bronx', state: NY, zip: '10453', tags: ['volunteer'] },
  { key: 'obrien', name: "Sean O'Brien", eligibility: 'p-a', email: 'sean.obrien@example.com', phone: '7185550125', employer: 'Local electricians', occupation: 'Electrician', address: '312 Bay Ridge Avenue', city: 'Brooklyn', state: NY, zip: '11220' },
  { key: 'patel', name: 'Ravi Patel', eligibility: 'p-a', email: 'ravi.patel@example.org', phone: '7185550126', employer: 'Patel Grocers', occupation: 'Shop owner', address: '37-27 74th Street', city: 'Queens', state: NY, zip: '11372' },
  { key: 'williams', name: 'Keisha Williams', eligibility: 'p-a', email: 'keisha.williams@example.com', phone: '6465550127', employer: 'Harlem Hospital', occupation: 'Administrator', address: '2300 Adam Clayton Powell Jr Boulevard', city: 'New York', state: NY, zip: '10030', tags: ['host committee'] },
  { key: 'murphy', name: 'Claire Murphy', eligibility: 'un', email: 'claire.murphy@example.net', phone: '7185550128', occupation: 'Writer', address: '75 Saint Marks Place', city: 'Staten Island', state: NY, zip: '10301' },
  { key: 'santos', name: 'Miguel Santos', eligibility: 'p-a', email: 'miguel.santos@example.com', phone: '9175550129', employer: 'Santos Auto Repair', occupation: 'Mechanic', address: '1017 Westchester Avenue', city: 'Bronx', state: NY, zip: '10459' },
  { key: 'friedman', name: 'Rachel Friedman', eligibility: 'p-a', email: 'rachel.friedman@example.org', phone: '2125550130', employer: 'Friedman Foundation', occupation: 'Director', address: '1120 Fifth Avenue', city: 'New York', state: NY, zip: '10128', tags: ['major donor'] },
  { key: 'baker', name: 'Tom Baker', eligibility: 'np', email: 'tom.baker@example.com', phone: '9145550131', employer: 'Baker Realty', occupation: 'Realtor', address: '10 Mamaroneck Avenue', city: 'White Plains', state: NY, zip: '10601' },
  { key: 'lee', name: 'Jennifer Lee', eligibility: 'p-a', email: 'jennifer.lee@example.net', phone: '9145550132', employer: 'Yonkers Public Schools', occupation: 'Principal', address: '87 Nepperhan Avenue', city: 'Yonkers', state: NY, zip: '10701' },
  { key: 'brooks', name: 'Samuel Brooks', eligibility: 'np', email: 'sam.brooks@example.com', phone: '7165550133', employer: 'Brooks Steel', occupation: 'Engineer', address: '50 Fountain Plaza', city: 'Buffalo', state: NY, zip: '14202' },
  { key: 'dimarco', name: 'Elena DiMarco', eligibility: 'un', email: 'elena.dimarco@example.org', phone: '5855550134', occupation: 'Student', address: '150 Court Street', city: 'Rochester', state: NY, zip: '14604', tags: ['volunteer'] },
  { key: 'foster', name: 'Olivia Foster', eligibility: 'np', email: 'olivia.foster@example.com', phone: '2015550135', employer: 'Stevens Institute', occupation: 'Researcher', address: '301 Washington Street', city: 'Hoboken', state: 'new_jersey', zip: '07030' },
  { key: 'grant', name: 'Michael Grant', eligibility: 'np', email: 'michael.grant@example.net', phone: '2035550136', employer: 'Grant Capital', occupation: 'Investor', address: '1 Landmark Square', city: 'Stamford', state: 'connecticut', zip: '06901' },
  { key: 'ahmed', name: 'Fatima Ahmed', eligibility: 'p-a', email: 'fatima.ahmed@example.com', phone: '3475550137', employer: 'NYU Langone', occupation: 'Resident physician', address: '845 Coney Island Avenue', city: 'Brooklyn', state: NY, zip: '11218' },
  { key: 'rivera', name: 'Carmen Rivera', eligibility: 'p-a', email: 'carmen.rivera@example.org', phone: '7185550138', employer: 'Retired', occupation: 'Retired', address: '3400 Paul Avenue', city: 'Bronx', state: NY, zip: '10467', tags: ['volunteer'], notes: ['Runs the Saturday phone bank at the Bronx office.'] },
  { key: 'thompson', name: 'James Thompson', eligibility: 'p-a', email: 'james.thompson@example.com', phone: '6465550139', employer: 'Thompson Media', occupation: 'Producer', address: '100 Barrow Street', city: 'New York', state: NY, zip: '10014' },
];

// ── pledges ─────────────────────────────────────────────────────────────────────────────────

const PLEDGES: DemoPledge[] = [
  // Six monthly payments of $350; three paid: partly paid, the rest overdue (aggregate exactly $2,100).
  { key: 'alvarez', donor: 'alvarez', season: 'cycle', day: 300, dollars: 2_100, instalments: [350, 350, 350, 350, 350, 350], note: 'Pledged at the host committee dinner.' },
  // Twelve monthly payments of $100; five paid.
  { key: 'kim', donor: 'kim', season: 'cycle', day: 240, dollars: 1_200, instalments: Array.from({ length: 12 }, () => 100), note: 'Monthly sustainer.' },
  // One payment, nothing paid yet.
  { key: 'okafor', donor: 'okafor', season: 'cycle', day: 60, dollars: 800, note: 'Will pay after the fundraiser.' },
  // Three payments of $200, all paid.
  { key: 'goldberg', donor: 'goldberg', season: 'cycle', day: 200, dollars: 600, instalments: [200, 200, 200] },
  // Written off.
  { key: 'whitfield', donor: 'whitfield', season: 'cycle', day: 280, dollars: 1_000, note: 'Promised at the Queens town hall.', writeOff: { afterDays: 120, reason: 'Donor moved out of state and withdrew the commitment' } },
  // A recent pledge in four payments, one paid, the others coming up.
  { key: 'williams', donor: 'williams', season: 'recent', day: 45, dollars: 1_000, instalments: [250, 250, 250, 250], note: 'Pledged at the fall reception.' },
  // A union's pledge paid in part.
  { key: 'union', donor: 'union', season: 'cycle', day: 150, dollars: 2_000, instalments: [1_000, 1_000], note: 'Board approved in two payments.' },
];

// ── donations ───────────────────────────────────────────────────────────────────────────────

/** Days from the commitment to the n-th monthly instalment (n from 1). */
const monthlyDay = (commitmentDay: number, n: number) => commitmentDay - 30 * n;

const GIFTS: DemoGift[] = [
  // At the $2,100 limit
  { donor: 'chen', season: 'cycle', day: 330, dollars: 1_000, method: 'card', ref: 'AUTH-55821', memo: 'House party' },
  { donor: 'chen', season: 'cycle', day: 120, dollars: 1_100, method: 'paypal', source: 'online' },
  { donor: 'rossi', season: 'cycle', day: 250, dollars: 2_000, method: 'zelle', ref: 'ZL-88120' },
  // Marked non-participant, but the campaign is a Program participant: its $2,100 limit governs, so the excess was refunded.
  { donor: 'rossi', season: 'cycle', day: 90, dollars: 1_700, method: 'card', ref: 'AUTH-61877', refund: { afterDays: 5, dollars: 1_600, reason: 'Excess over the contribution limit' } },
  // Pledge payments
  ...[1, 2, 3].map((n): DemoGift => ({ donor: 'alvarez', season: 'cycle', day: monthlyDay(300, n), dollars: 350, method: 'zelle', pledge: 'alvarez', memo: `Pledge payment ${n} of 6` })),
  ...[1, 2, 3, 4, 5].map((n): DemoGift => ({ donor: 'kim', season: 'cycle', day: monthlyDay(240, n), dollars: 100, method: 'venmo', pledge: 'kim', memo: `Monthly pledge ${n} of 12` })),
  ...[1, 2, 3].map((n): DemoGift => ({ donor: 'goldberg', season: 'cycle', day: monthlyDay(200, n), dollars: 200, method: 'card', pledge: 'goldberg', memo: `Pledge payment ${n} of 3` })),
  { donor: 'williams', season: 'recent', day: 15, dollars: 250, method: 'card', pledge: 'williams', memo: 'Pledge payment 1 of 4' },
  { donor: 'union', season: 'cycle', day: 120, dollars: 1_000, method: 'check', checkNumber: '4471', pledge: 'union', memo: 'First half of the pledge' },
  // A refund (charged twice online)
  { donor: 'park', season: 'recent', day: 200, dollars: 500, method: 'paypal', source: 'online' },
  { donor: 'park', season: 'recent', day: 200, dollars: 500, method: 'paypal', source: 'online', refund: { afterDays: 3, reason: 'Duplicate online charge' } },
  // Cash: the $100 cap per contributor reached, and small cash
  { donor: 'romero', season: 'cycle', day: 180, dollars: 100, method: 'cash', memo: 'Collected at the Bronx rally (the $100 cash cap)' },
  { donor: 'romero', season: 'recent', day: 70, dollars: 50, method: 'venmo' },
  { donor: 'rivera', season: 'recent', day: 95, dollars: 40, method: 'cash', memo: 'Phone bank pizza night' },
  // The candidate, the family, organisations
  { donor: 'candidate', season: 'cycle', day: 350, dollars: 5_000, method: 'card', memo: 'Seed money from the candidate' },
  { donor: 'spouse', season: 'cycle', day: 340, dollars: 2_000, method: 'zelle' },
  { donor: 'family', season: 'recent', day: 150, dollars: 500, method: 'paypal', source: 'online' },
  { donor: 'pac', season: 'cycle', day: 100, dollars: 2_000, method: 'check', checkNumber: '1021' },
  { donor: 'party', season: 'cycle', day: 160, dollars: 1_500, method: 'zelle', ref: 'ZL-55510' },
  { donor: 'committee', season: 'recent', day: 120, dollars: 1_000, method: 'check', checkNumber: '311' },
  // International
  { donor: 'carter', season: 'cycle', day: 200, dollars: 250, method: 'card', source: 'online' },
  { donor: 'dupont', season: 'recent', day: 85, dollars: 100, method: 'paypal', source: 'online' },
  { donor: 'nair', season: 'recent', day: 30, dollars: 500, method: 'card' },
  // Imported from the spring fundraiser's sheet
  { donor: 'walsh', season: 'cycle', day: 210, dollars: 1_000, method: 'card', source: 'import' },
  { donor: 'friedman', season: 'cycle', day: 210, dollars: 2_000, method: 'card', source: 'import' },
  { donor: 'friedman', season: 'cycle', day: 30, dollars: 100, method: 'venmo', memo: 'Topped up to the limit' },
  { donor: 'thompson', season: 'cycle', day: 210, dollars: 750, method: 'zelle', source: 'import' },
];

/** Small and regular donors: 1–4 gifts each, alternating seasons, every payment method. */
const REGULAR = ['johnson', 'nguyen', 'cohen', 'hernandez', 'obrien', 'patel', 'williams', 'murphy', 'santos', 'ahmed', 'baker', 'lee', 'brooks', 'dimarco', 'foster', 'grant', 'rivera', 'thompson', 'walsh'];
const REGULAR_DOLLARS = [25, 50, 100, 175, 250, 20, 75, 150, 35, 60, 125, 10];
const METHODS: Method[] = ['card', 'paypal', 'zelle', 'venmo', 'cash'];
REGULAR.forEach((donor, i) => {
  const gifts = 1 + (i % 4);
  for (let g = 0; g < gifts; g++) {
    const method = METHODS[(i + g) % METHODS.length];
    const dollars = method === 'cash' ? 20 + 5 * ((i + g) % 5) : REGULAR_DOLLARS[(i * 3 + g) % REGULAR_DOLLARS.length];
    GIFTS.push({
      donor,
      season: g % 2 === 0 ? 'recent' : 'cycle',
      day: (17 + i * 23 + g * 97) % 355,
      dollars,
      method,
      source: method === 'paypal' ? 'online' : 'manual',
    });
  }
});

// ── expenses ────────────────────────────────────────────────────────────────────────────────

const EXPENSES: DemoExpense[] = [
  { season: 'cycle', day: 340, dollars: 1_800, payee: 'Hudson Square Realty', purpose: 'office_rent', method: 'check', ref: '1001', memo: 'Campaign office, first month' },
  { season: 'cycle', day: 330, dollars: 420.5, payee: 'Staples', purpose: 'office', method: 'card', memo: 'Desks, chairs, supplies' },
  { season: 'cycle', day: 300, dollars: 2_500, payee: 'Blue Line Strategies', purpose: 'campaign_consultant', method: 'bank_transfer', ref: 'INV-2024-118' },
  { season: 'cycle', day: 270, dollars: 1_260, payee: 'Brooklyn Print Shop', purpose: 'campaign_literature', method: 'check', ref: '1004', memo: 'Palm cards and door hangers' },
  { season: 'cycle', day: 240, dollars: 385.25, payee: 'Verizon Wireless', purpose: 'cell_phone', method: 'card' },
  { season: 'cycle', day: 210, dollars: 950, payee: 'Empire Lawn Signs', purpose: 'lawn_signs', method: 'card' },
  { season: 'cycle', day: 180, dollars: 640, payee: 'Alvarez Catering', purpose: 'fundraising', method: 'zelle', memo: 'Spring fundraiser food' },
  { season: 'cycle', day: 150, dollars: 3_200, payee: 'Siena Research', purpose: 'polling_costs', method: 'bank_transfer', ref: 'INV-7741' },
  { season: 'cycle', day: 120, dollars: 1_500, payee: 'Meta Platforms', purpose: 'PIDA_paid_internet_digital_ads', method: 'card', memo: 'Online ads, petition period' },
  { season: 'cycle', day: 90, dollars: 275, payee: 'USPS', purpose: 'postage', method: 'card' },
  { season: 'recent', day: 350, dollars: 1_800, payee: 'Hudson Square Realty', purpose: 'office_rent', method: 'check', ref: '1021' },
  { season: 'recent', day: 320, dollars: 89.99, payee: 'Mailchimp', purpose: 'email', method: 'card', memo: 'Monthly plan' },
  { season: 'recent', day: 300, dollars: 1_150, payee: 'Campaign Payroll Services', purpose: 'campaign_workers_salaries', method: 'bank_transfer', memo: 'Field organisers, first half' },
  { season: 'recent', day: 280, dollars: 212.4, payee: 'Metro Diner', purpose: 'meals', method: 'card', memo: 'Volunteer lunch after canvass' },
  { season: 'recent', day: 250, dollars: 48, payee: 'MTA', purpose: 'tolls_transportation', method: 'cash' },
  { season: 'recent', day: 230, dollars: 36.75, payee: 'Uber', purpose: 'taxi_uber', method: 'card' },
  { season: 'recent', day: 200, dollars: 350, payee: 'Harlem Community Center', purpose: 'meeting', method: 'check', ref: '1027', memo: 'Town hall room rental' },
  { season: 'recent', day: 180, dollars: 600, payee: 'Chase Card Services', purpose: 'credit_card_payment', details: 'Campaign card statement: Staples, Verizon and ad charges', method: 'bank_transfer' },
  { season: 'recent', day: 160, dollars: 128.6, payee: 'Luis Romero', purpose: 'reimbursement', details: 'Volunteer reimbursed for rally supplies (receipts on file)', method: 'zelle' },
  { season: 'recent', day: 140, dollars: 2_100, payee: 'WNYC Sponsorship', purpose: 'radio_ads', method: 'bank_transfer' },
  { season: 'recent', day: 110, dollars: 15, payee: 'TD Bank', purpose: 'bank_fees', method: 'bank_transfer', memo: 'Monthly account fee' },
  { season: 'recent', day: 80, dollars: 450, payee: 'Party Rental Ltd', purpose: 'other', details: 'Folding tables, chairs and a PA system for the Bronx rally', method: 'card' },
  { season: 'recent', day: 60, dollars: 780, payee: 'Queens Courier', purpose: 'print_ads', method: 'check', ref: '1033' },
  { season: 'recent', day: 40, dollars: 320, payee: 'Vote Builder Inc', purpose: 'voter_registration', method: 'card' },
  { season: 'recent', day: 20, dollars: 1_000, payee: 'Citizens Bookkeeping', purpose: 'bookkeeping', method: 'check', ref: '1036', memo: 'Quarterly filing preparation' },
  { season: 'recent', day: 5, dollars: 64.2, payee: 'Shell', purpose: 'gas', method: 'card' },
];

// ── follow-up calls ─────────────────────────────────────────────────────────────────────────

const CALLS: DemoCall[] = [
  { donor: 'alvarez', day: 20, outcome: 'promised_payment', note: 'Will send the next two payments together next week.', nextCallIn: 7 },
  { donor: 'kim', day: 35, outcome: 'left_message', note: 'Left a voicemail about the missed monthly payments.', nextCallIn: -5 },
  { donor: 'kim', day: 4, outcome: 'reached', note: 'Busy with finals; asked for an e-mail reminder instead.', nextCallIn: 14 },
  { donor: 'okafor', day: 12, outcome: 'no_answer', note: 'No answer, no voicemail set up.', nextCallIn: 3 },
  { donor: 'whitfield', day: 150, outcome: 'declined', note: 'Moving to Florida; withdrew the pledge.' },
  { donor: 'union', day: 25, outcome: 'reached', note: 'Second half goes to the board at the next meeting.', nextCallIn: 21 },
];

// ── writing ─────────────────────────────────────────────────────────────────────────────────

export interface DemoBookResult {
  donors: number;
  pledges: number;
  donations: number;
  expenses: number;
  calls: number;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return isoDay(new Date(Date.UTC(y, m - 1, d + days)));
}

/** Noon UTC of a 'YYYY-MM-DD' day (row timestamps). */
function noon(day: string): Date {
  return new Date(`${day}T12:00:00.000Z`);
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Has the book been seeded, or is it already in use? */
async function bookTaken(tx: Executor, campaignId: string): Promise<boolean> {
  const [marker] = await tx
    .select({ n: count() })
    .from(campaignAudit)
    .where(and(eq(campaignAudit.campaignId, campaignId), eq(campaignAudit.action, DEMO_BOOK_MARKER)));
  if (marker.n > 0) return true;
  const [used] = await tx
    .select({
      donors: sql<number>`(select count(*)::int from ${donors} where ${donors.campaignId} = ${campaignId})`,
      expenses: sql<number>`(select count(*)::int from ${expenses} where ${expenses.campaignId} = ${campaignId})`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return !used || used.donors > 0 || used.expenses > 0;
}

/**
 * The 'cycle' season: it ends on the cycle's last day, or today while the cycle runs (or without one),
 * and spans at most the 365 days before that end that lie in the cycle (a cycle that began less than
 * a year ago squeezes the season into the days since it began, so everything counts).
 */
async function cycleSeason(tx: Executor, campaignId: string, today: string): Promise<{ end: string; spanDays: number }> {
  const [row] = await tx
    .select({ start: electionCycles.startDate, end: electionCycles.endDate })
    .from(campaigns)
    .leftJoin(electionCycles, eq(electionCycles.value, campaigns.electionCycle))
    .where(eq(campaigns.id, campaignId));
  const end = row?.end && row.end < today ? row.end : today;
  const sinceStart = row?.start ? Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${row.start}T00:00:00Z`)) / 86_400_000) : 365;
  return { end, spanDays: Math.max(1, Math.min(365, sinceStart)) };
}

/**
 * Writes the demo book into `campaignId` unless it was written before or the campaign already has
 * donors or expenses. Returns what was written, or null when nothing was.
 */
export async function seedDemoBook(tx: Executor, options: { campaignId: string; ownerId: string; now: Date }): Promise<DemoBookResult | null> {
  const { campaignId, ownerId, now } = options;
  if (await bookTaken(tx, campaignId)) return null;
  const today = isoDay(now);
  const cycle = await cycleSeason(tx, campaignId, today);
  const dayOf = (season: Season, daysBefore: number) =>
    season === 'recent' ? addDays(today, -daysBefore) : addDays(cycle.end, -Math.floor((daysBefore * cycle.spanDays) / 365));

  // Donors: created on their first activity (or three months ago).
  const firstDay = new Map<string, string>();
  const touch = (donor: string, day: string) => {
    const known = firstDay.get(donor);
    if (!known || day < known) firstDay.set(donor, day);
  };
  for (const gift of GIFTS) touch(gift.donor, dayOf(gift.season, gift.day));
  for (const pledge of PLEDGES) touch(pledge.donor, dayOf(pledge.season, pledge.day));

  const donorRows = await tx
    .insert(donors)
    .values(
      DONORS.map((d) => {
        const created = noon(addDays(firstDay.get(d.key) ?? addDays(today, -90), -1));
        return {
          campaignId,
          name: d.name,
          donorPhone: d.phone ?? null,
          donorEmail: d.email?.toLowerCase() ?? null,
          contributorType: d.type ?? 'individual',
          employer: d.employer ?? null,
          occupation: d.occupation ?? null,
          address: d.address ?? null,
          aptUnit: d.apt ?? null,
          city: d.city,
          state: d.state ?? null,
          zip: d.zip ?? null,
          district: d.district ?? null,
          country: d.country ?? 'US',
          eligibility: d.eligibility,
          createdBy: ownerId,
          createdAt: created,
          updatedAt: created,
        };
      }),
    )
    .returning({ id: donors.id, name: donors.name });
  const donorId = new Map(DONORS.map((d, i) => [d.key, donorRows[i].id]));
  const idOf = (key: string) => {
    const id = donorId.get(key);
    if (!id) throw new Error(`demo book: unknown donor ${key}`);
    return id;
  };

  const pledgeRows = await tx
    .insert(pledges)
    .values(
      PLEDGES.map((p) => {
        const commitmentDate = dayOf(p.season, p.day);
        const created = noon(commitmentDate);
        return {
          campaignId,
          donorId: idOf(p.donor),
          commitmentDate,
          commitmentAmountCents: cents(p.dollars),
          instalments: (p.instalments ?? []).map((dollars, i) => ({ due_date: addDays(commitmentDate, 30 * (i + 1)), amount_cents: cents(dollars) })),
          note: p.note ?? null,
          writtenOffAt: p.writeOff ? noon(addDays(commitmentDate, p.writeOff.afterDays)) : null,
          writeOffReason: p.writeOff?.reason ?? null,
          createdBy: ownerId,
          createdAt: created,
          updatedAt: created,
        };
      }),
    )
    .returning({ id: pledges.id });
  const pledgeId = new Map(PLEDGES.map((p, i) => [p.key, pledgeRows[i].id]));

  // One statement: the totals triggers run once for the whole book.
  let online = 0;
  let imported = 0;
  const donationValues = GIFTS.map((g) => {
    const payingDate = dayOf(g.season, g.day);
    const source = g.source ?? 'manual';
    const externalRef = source === 'online' ? `DEMO-PAYPAL-${String(++online).padStart(4, '0')}` : source === 'import' ? `demo-import-${String(++imported).padStart(4, '0')}` : null;
    const created = noon(payingDate);
    return {
      campaignId,
      donorId: idOf(g.donor),
      pledgeId: g.pledge ? (pledgeId.get(g.pledge) ?? null) : null,
      payingDate,
      paidAmountCents: cents(g.dollars),
      paymentMethod: g.method,
      referenceNumber: g.ref ?? (source === 'online' ? externalRef : null),
      recipient: null,
      memo: g.memo ?? null,
      source,
      externalRef,
      checkNumber: g.checkNumber ?? null,
      createdBy: source === 'online' ? null : ownerId,
      createdAt: created,
      updatedAt: created,
    };
  });
  const donationRows = await tx.insert(donations).values(donationValues).returning({ id: donations.id });
  // Refunds are rows of their own: a trigger keeps each donation's refunded total.
  const refunds = GIFTS.flatMap((g, i) =>
    g.refund
      ? [
          {
            campaignId,
            donationId: donationRows[i]!.id,
            amountCents: cents(g.refund.dollars ?? g.dollars),
            refundDate: addDays(donationValues[i]!.payingDate, g.refund.afterDays),
            reason: g.refund.reason,
            createdBy: ownerId,
            createdAt: noon(addDays(donationValues[i]!.payingDate, g.refund.afterDays)),
          },
        ]
      : [],
  );
  if (refunds.length > 0) await tx.insert(donationRefunds).values(refunds);

  await tx.insert(expenses).values(
    EXPENSES.map((e) => {
      const expenseDate = dayOf(e.season, e.day);
      const created = noon(expenseDate);
      return {
        campaignId,
        expenseDate,
        amountCents: cents(e.dollars),
        payee: e.payee,
        purpose: e.purpose,
        purposeDetails: e.details ?? null,
        paymentMethod: e.method,
        referenceNumber: e.ref ?? null,
        memo: e.memo ?? null,
        createdBy: ownerId,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );

  const metadata = DONORS.flatMap((d) => {
    const created = noon(firstDay.get(d.key) ?? addDays(today, -90));
    return [
      ...(d.tags ?? []).map((value) => ({ campaignId, donorId: idOf(d.key), kind: 'tag', value, createdBy: ownerId, createdAt: created, updatedAt: created })),
      ...(d.notes ?? []).map((value) => ({ campaignId, donorId: idOf(d.key), kind: 'note', value, createdBy: ownerId, createdAt: created, updatedAt: created })),
    ];
  });
  if (metadata.length > 0) await tx.insert(donorMetadata).values(metadata);

  await tx.insert(donorContacts).values(
    CALLS.map((c) => ({
      campaignId,
      donorId: idOf(c.donor),
      kind: 'call',
      outcome: c.outcome,
      channel: null,
      note: c.note,
      nextCallDate: c.nextCallIn === undefined ? null : addDays(today, c.nextCallIn),
      createdBy: ownerId,
      createdAt: noon(addDays(today, -c.day)),
    })),
  );

  const result: DemoBookResult = { donors: DONORS.length, pledges: PLEDGES.length, donations: GIFTS.length, expenses: EXPENSES.length, calls: CALLS.length };
  await tx.insert(campaignAudit).values({ campaignId, actorId: null, action: DEMO_BOOK_MARKER, details: { entity: 'demo', ...result }, createdAt: now });
  return result;
}
