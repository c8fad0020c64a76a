import { sql } from 'drizzle-orm';
import type { Intermediary } from '../../domain/donor-book/donations-contract';
import { type AnyPgColumn, bigint, bigserial, boolean, check, customType, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Foundation tables. Later issues extend them; money columns are integer cents (`*_cents`).

// unconfirmed (sign-up code not entered yet) → pending (admin approval) → active; blocked (by an administrator,
// permanent until unblocked); locked (legacy: failed sign-ins now lock temporarily, see signin_throttles).
export const userStatus = pgEnum('user_status', ['unconfirmed', 'pending', 'active', 'blocked', 'locked']);
export const campaignStatus = pgEnum('campaign_status', ['pending', 'active', 'archived']);
export const packageStatus = pgEnum('package_status', ['ACTIVE', 'INACTIVE']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for an account that signed up with a phone number (or a social identity without a verified e-mail).
    email: text('email'),
    phone: text('phone'),
    name: text('name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** Legacy (no longer written by sign-in): temporary lock-outs live in signin_throttles. */
    failedSigninCount: integer('failed_signin_count').notNull().default(0),
    status: userStatus('status').notNull().default('pending'),
    isProfileUpdated: smallint('is_profile_updated').notNull().default(0),
    profilePicture: text('profile_picture'),
    passwordHash: text('password_hash'),
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_phone_format', sql`${t.phone} ~ '^[0-9]{10}$'`),
    check('users_is_profile_updated_flag', sql`${t.isProfileUpdated} in (0, 1)`),
  ],
);

export const states = pgTable('states', {
  value: text('value').primaryKey(),
  label: text('label').notNull(),
});

export const officesSought = pgTable('offices_sought', {
  value: text('value').primaryKey(),
  label: text('label').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Election cycles (reference data): a cycle is named by its election year. */
export const electionCycles = pgTable('election_cycles', {
  value: text('value').primaryKey(),
  label: text('label').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Which cycles have an election for an office (reference data). */
export const officeElectionCycles = pgTable(
  'office_election_cycles',
  {
    officeSought: text('office_sought')
      .notNull()
      .references(() => officesSought.value, { onDelete: 'cascade' }),
    electionCycle: text('election_cycle')
      .notNull()
      .references(() => electionCycles.value, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'office_election_cycles_pk', columns: [t.officeSought, t.electionCycle] })],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    campaignName: text('campaign_name').notNull(),
    committeeName: text('committee_name'),
    status: campaignStatus('status').notNull().default('pending'),
    packageStatus: packageStatus('package_status').notNull().default('INACTIVE'),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }),
    totalPurchasedYear: integer('total_purchased_year').notNull().default(0),
    isPopupShown: smallint('is_popup_shown').notNull().default(0),
    officeSought: text('office_sought').references(() => officesSought.value),
    district: text('district'),
    party: text('party'),
    electionCycle: text('election_cycle').references(() => electionCycles.value),
    complianceRuleSet: text('compliance_rule_set').notNull().default('custom'),
    /** nyc_cfb / nys_pcf: 'participant' | 'non_participant' in the public matching program. */
    participantStatus: text('participant_status'),
    /** custom rule set: contribution limits per contributor per election, cents. */
    customLimitIndividualCents: integer('custom_limit_individual_cents'),
    customLimitOrganizationCents: integer('custom_limit_organization_cents'),
    committeeId: text('committee_id'),
    /** NYC CFB identifiers for C-SMART's import file (migration 0032): Candidate ID (≤ 4), Committee ID (1 character). */
    cfbCandidateId: text('cfb_candidate_id'),
    cfbCommitteeId: text('cfb_committee_id'),
    treasurerName: text('treasurer_name'),
    treasurerEmail: text('treasurer_email'),
    treasurerPhone: text('treasurer_phone'),
    address: text('address'),
    aptUnit: text('apt_unit'),
    city: text('city'),
    state: text('state').references(() => states.value),
    zip: text('zip'),
    /** Storage key of the logo (served at /files/<key>). */
    logo: text('logo'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    activatedBy: uuid('activated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campaigns_slug_unique').on(t.slug),
    index('campaigns_status_idx').on(t.status, t.createdAt),
    check('campaigns_slug_format', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]*$'`),
    check('campaigns_is_popup_shown_flag', sql`${t.isPopupShown} in (0, 1)`),
    check('campaigns_total_purchased_year_nonnegative', sql`${t.totalPurchasedYear} >= 0`),
    check('campaigns_compliance_rule_set_known', sql`${t.complianceRuleSet} in ('nyc_cfb', 'nys_pcf', 'custom')`),
    check('campaigns_participant_status_known', sql`${t.participantStatus} in ('participant', 'non_participant')`),
    check('campaigns_custom_limits_nonnegative', sql`${t.customLimitIndividualCents} >= 0 and ${t.customLimitOrganizationCents} >= 0`),
    check('campaigns_cfb_candidate_id_format', sql`${t.cfbCandidateId} ~ '^[A-Za-z0-9]{1,4}$'`),
    check('campaigns_cfb_committee_id_format', sql`${t.cfbCommitteeId} ~ '^[A-Za-z0-9]$'`),
  ],
);

export const campaignMembers = pgTable(
  'campaign_members',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('staff'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'campaign_members_pk', columns: [t.campaignId, t.userId] }),
    index('campaign_members_user_idx').on(t.userId),
    index('campaign_members_role_idx').on(t.campaignId, t.role),
  ],
);

// ── Campaign teams, roles and packages ─────────────────────────────────────────────────────
// A member's role is a system role key (owner, manager, staff: defaults in domain/permissions.ts)
// or the key of one of the campaign's custom roles below. A row keyed 'manager' or 'staff' holds the
// campaign's own resource names for that system role (the owner role always has every resource).

/** Custom roles of a campaign (and its edits of manager/staff): the resource names it grants. */
export const campaignRoles = pgTable(
  'campaign_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    resourceNames: text('resource_names').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campaign_roles_campaign_key_unique').on(t.campaignId, t.key),
    check('campaign_roles_key_format', sql`${t.key} ~ '^[a-z][a-z0-9_]{1,39}$' and ${t.key} <> 'owner'`),
  ],
);

/** An invitation to join a campaign: the e-mailed token is stored as sha256 hex, used once. */
export const campaignInvitations = pgTable(
  'campaign_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_invitations_token_unique').on(t.tokenHash),
    index('campaign_invitations_campaign_idx').on(t.campaignId, t.createdAt),
    check('campaign_invitations_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Every package given to a campaign (admin grant now, online purchase later). */
export const campaignPackages = pgTable(
  'campaign_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    years: integer('years').notNull(),
    amountCents: integer('amount_cents').notNull().default(0),
    /** 'grant' (platform administrator) or 'purchase'. */
    source: text('source').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The payment that bought it; null for a grant. */
    paymentId: uuid('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    /** The campaign's purchase date and expiry after this package. */
    purchaseDate: timestamp('purchase_date', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('campaign_packages_campaign_idx').on(t.campaignId, t.createdAt),
    uniqueIndex('campaign_packages_payment_idx').on(t.paymentId).where(sql`${t.paymentId} is not null`),
    check('campaign_packages_years_positive', sql`${t.years} > 0`),
    check('campaign_packages_amount_nonnegative', sql`${t.amountCents} >= 0`),
  ],
);

/** Team activity: membership, role and invitation changes. */
export const campaignAudit = pgTable(
  'campaign_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('campaign_audit_campaign_idx').on(t.campaignId, t.createdAt)],
);

// ── Accounts and sign-in ────────────────────────────────────────────────────────────────────
// Times that expire (codes, sessions, states) are written from the app clock, never defaultNow().

export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);
export const outboxStatus = pgEnum('outbox_status', ['queued', 'sent', 'failed', 'logged']);

/** Every password a user has had (the newest is the current one): PASSWORD_REUSE checks the last 3. */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

/** A signed-in session (refresh-token family). 30 days absolute. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signinSource: text('signin_source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as sha256 hex; each is used once (rotation), reuse revokes the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * One-time codes (6 digits, sha256(code + pepper)). Only the newest row per (purpose, channel,
 * destination) counts. Rows without user_id are decoys written for unknown addresses, so that
 * answers and limits do not reveal whether an account exists; their code is never sent.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    channel: outboxChannel('channel').notNull(),
    destination: text('destination').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_target_idx').on(t.channel, t.destination, t.createdAt)],
);

/** Failed code / sign-in attempts per target (e.g. `email:a@b.org`), for hourly attempt limits. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_failures_key_idx').on(t.key, t.createdAt)],
);

/**
 * Password sign-in throttles (ASVS 5.0 V6.3, NIST 800-63B §5.2.2), one row per key: an account's
 * e-mail address (`account:<e-mail>`, known or not, so a lock tells nothing about existence) or a
 * source address (`source:<ip>`). Failures past a threshold start a lock that ends by itself at
 * `locked_until`; each consecutive lock-out lasts twice as long as the one before (capped). A
 * one-time-code sign-in or a password reset deletes the account's row.
 */
export const signinThrottles = pgTable(
  'signin_throttles',
  {
    key: text('key').primaryKey(),
    /** Failed attempts since the last lock-out (an account counts an attempt before checking it). */
    failures: integer('failures').notNull().default(0),
    /** Consecutive lock-outs: the next one lasts base × 2^lockouts, capped. */
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('signin_throttles_last_failure_idx').on(t.lastFailureAt)],
);

/** Social sign-in: pending authorization requests (state, nonce, PKCE verifier), 10 minutes. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    provider: text('provider').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('oauth_states_hash_unique').on(t.stateHash)],
);

/** A user's identity at a social provider (`sub` of its id_token). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_unique').on(t.provider, t.subject), index('user_identities_user_idx').on(t.userId)],
);

/** Every e-mail and text message the server sends (or only logs), newest read at GET /dev/outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: outboxChannel('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    purpose: text('purpose').notNull(),
    status: outboxStatus('status').notNull().default('queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

// ── The donor book ──────────────────────────────────────────────────────────────────────────
// Every row carries campaign_id and every query filters by it. Money is integer cents (sums are
// bigint in SQL). Dates a person picks are `date` ('YYYY-MM-DD'); row times are timestamptz.
// Writes are recorded in campaign_audit (details: entity, entity_id, before, after).

export const donors = pgTable(
  'donors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    donorPhone: text('donor_phone'),
    /** Stored lowercased. */
    donorEmail: text('donor_email'),
    contributorType: text('contributor_type').notNull(),
    employer: text('employer'),
    occupation: text('occupation'),
    address: text('address'),
    aptUnit: text('apt_unit'),
    city: text('city'),
    state: text('state').references(() => states.value),
    zip: text('zip'),
    district: text('district'),
    /** ISO 3166-1 alpha-2; not 'US' = international donor. */
    country: text('country').notNull().default('US'),
    eligibility: text('eligibility').notNull().default('un'),
    /** Doing business with the City (NYC Doing Business Database, migration 0036): lower NYC limit, not matchable. */
    doingBusiness: boolean('doing_business').notNull().default(false),
    recipient: text('recipient'),
    // Stored figures of the campaign's election cycle (all time when it has none), kept by the
    // donor_book_* triggers of migration 0007 whoever writes donations or pledges: never written by
    // the app. pledged/outstanding: pledges not written off; paid: donations net of refunds;
    // last_donation_date: newest donation not refunded (any date). They make figure sorts indexable.
    pledgedCents: bigint('pledged_cents', { mode: 'number' }).notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    outstandingCents: bigint('outstanding_cents', { mode: 'number' }).notNull().default(0),
    /** The same three whatever the election cycle (migration 0012). */
    allTimePledgedCents: bigint('all_time_pledged_cents', { mode: 'number' }).notNull().default(0),
    allTimePaidCents: bigint('all_time_paid_cents', { mode: 'number' }).notNull().default(0),
    allTimeOutstandingCents: bigint('all_time_outstanding_cents', { mode: 'number' }).notNull().default(0),
    lastDonationDate: date('last_donation_date', { mode: 'string' }),
    /** What list_donor's search looks in (lowercased name, e-mail, employer, phone), indexed by trigrams. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name) || ' | ' || coalesce(lower(donor_email), '') || ' | ' || coalesce(lower(employer), '') || ' | ' || coalesce(donor_phone, '')`,
      ),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A donor created by a bulk upload: the upload and the row of its file ("Imported from <file>, row N"). */
    importUploadId: uuid('import_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    importRow: integer('import_row'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('donors_import_row_unique').on(t.importUploadId, t.importRow).where(sql`${t.importUploadId} is not null`),
    uniqueIndex('donors_campaign_email_unique').on(t.campaignId, t.donorEmail).where(sql`${t.donorEmail} is not null`),
    uniqueIndex('donors_campaign_phone_unique').on(t.campaignId, t.donorPhone).where(sql`${t.donorPhone} is not null`),
    // Migration 0021 adds INCLUDE (name) (index-only deep-page boundaries); drizzle cannot express it: keep it when regenerating.
    index('donors_campaign_name_idx').on(t.campaignId, sql`lower(${t.name})`, t.id),
    index('donors_campaign_created_idx').on(t.campaignId, t.createdAt, t.id),
    index('donors_campaign_paid_idx').on(t.campaignId, t.paidCents, t.id),
    index('donors_campaign_outstanding_idx').on(t.campaignId, t.outstandingCents, t.id),
    index('donors_campaign_last_donation_idx').on(t.campaignId, t.lastDonationDate.asc().nullsFirst(), t.id),
    index('donors_campaign_type_idx').on(t.campaignId, t.contributorType, t.id),
    index('donors_campaign_eligibility_idx').on(t.campaignId, t.eligibility, t.id),
    index('donors_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('donors_country_format', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check(
      'donors_contributor_type_known',
      sql`${t.contributorType} in ('individual', 'candidate', 'candidates_spouse', 'candidates_family', 'candidate_committee', 'party_committee', 'political_action_committee', 'labor_unions', 'limited_liability_company')`,
    ),
    check('donors_eligibility_known', sql`${t.eligibility} in ('p-a', 'p-b', 'np', 'un')`),
  ],
);

/**
 * A commitment to give. Status is derived from what was paid (domain), never stored. Stored with
 * fillfactor 85 (migration 0034): paid_cents is in no index, so a payment's update of it stays HOT.
 */
export const pledges = pgTable(
  'pledges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    donorId: uuid('donor_id')
      .notNull()
      .references(() => donors.id, { onDelete: 'restrict' }),
    commitmentDate: date('commitment_date', { mode: 'string' }).notNull(),
    commitmentAmountCents: integer('commitment_amount_cents').notNull(),
    recipient: text('recipient'),
    /** [{ due_date, amount_cents }] adding up to the commitment; [] = one payment. */
    instalments: jsonb('instalments').$type<{ due_date: string; amount_cents: number }[]>().notNull().default([]),
    note: text('note'),
    writtenOffAt: timestamp('written_off_at', { withTimezone: true }),
    writeOffReason: text('write_off_reason'),
    /** Donations towards this pledge net of refunds: kept by the donor_book_* triggers (migration 0007), never written by the app. */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('pledges_campaign_date_idx').on(t.campaignId, t.commitmentDate, t.id),
    index('pledges_donor_idx').on(t.donorId),
    check('pledges_amount_positive', sql`${t.commitmentAmountCents} > 0`),
  ],
);

export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    donorId: uuid('donor_id')
      .notNull()
      .references(() => donors.id, { onDelete: 'restrict' }),
    pledgeId: uuid('pledge_id').references(() => pledges.id, { onDelete: 'set null' }),
    payingDate: date('paying_date', { mode: 'string' }).notNull(),
    paidAmountCents: integer('paid_amount_cents').notNull(),
    paymentMethod: text('payment_method').notNull(),
    referenceNumber: text('reference_number'),
    recipient: text('recipient'),
    memo: text('memo'),
    source: text('source').notNull().default('manual'),
    /** Imports and online payments: the id that makes writing the same payment twice a no-op. */
    externalRef: text('external_ref'),
    /** Payment method 'check': the check's number. */
    checkNumber: text('check_number'),
    /** The contribution's intermediary as C-SMART records one (migration 0037), null when none. */
    intermediary: jsonb('intermediary').$type<Intermediary>(),
    /** Sum of the donation's refunds, kept by a trigger on donation_refunds (migration 0012). */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /** Date and reason of the latest refund (kept by the same trigger). */
    refundedAt: date('refunded_at', { mode: 'string' }),
    refundReason: text('refund_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A payment written by a bulk upload: the upload and the row of its file (external_ref keeps it unique). */
    importUploadId: uuid('import_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    importRow: integer('import_row'),
    ...timestamps,
  },
  (t) => [
    index('donations_import_upload_idx').on(t.importUploadId).where(sql`${t.importUploadId} is not null`),
    index('donations_campaign_date_idx').on(t.campaignId, t.payingDate, t.id),
    index('donations_campaign_amount_idx').on(t.campaignId, t.paidAmountCents, t.id),
    index('donations_donor_idx').on(t.donorId, t.payingDate),
    index('donations_pledge_idx').on(t.pledgeId),
    uniqueIndex('donations_campaign_external_ref_unique').on(t.campaignId, t.externalRef).where(sql`${t.externalRef} is not null`),
    check('donations_amount_positive', sql`${t.paidAmountCents} > 0`),
    check('donations_payment_method_known', sql`${t.paymentMethod} in ('paypal', 'cash', 'check', 'card', 'zelle', 'venmo')`),
    check('donations_source_known', sql`${t.source} in ('manual', 'import', 'online')`),
    check('donations_refunded_within_paid', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.paidAmountCents}`),
    check(
      'donations_intermediary_named',
      sql`${t.intermediary} is null or (jsonb_typeof(${t.intermediary}) = 'object' and coalesce(btrim(${t.intermediary}->>'name'), '') <> '')`,
    ),
  ],
);

/**
 * Idempotency keys of the creates that move money (`Idempotency-Key` header; add_donation, add_pledge,
 * refund_donation, POST /payment/refund, add_expense; server/plugins/request-key.ts): written in
 * the same transaction as the record, so a retried write answers that record instead of a second one.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    /** sha256 of the validated body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    entityId: uuid('entity_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'request_keys_pkey', columns: [t.campaignId, t.operation, t.key] })],
);

/** Refunds of a donation, whole or part; several per donation (their sum never exceeds the amount paid). */
export const donationRefunds = pgTable(
  'donation_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    refundDate: date('refund_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A refund made through the payment provider: its refund id (one row per provider refund, whoever records it first). */
    externalRef: text('external_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('donation_refunds_campaign_external_ref_unique').on(t.campaignId, t.externalRef).where(sql`${t.externalRef} is not null`),
    index('donation_refunds_donation_idx').on(t.donationId, t.createdAt),
    index('donation_refunds_campaign_date_idx').on(t.campaignId, t.refundDate),
    check('donation_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    payee: text('payee').notNull(),
    purpose: text('purpose').notNull(),
    purposeDetails: text('purpose_details'),
    paymentMethod: text('payment_method').notNull(),
    referenceNumber: text('reference_number'),
    memo: text('memo'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('expenses_campaign_date_idx').on(t.campaignId, t.expenseDate, t.id), check('expenses_amount_positive', sql`${t.amountCents} > 0`)],
);

/** Tags and notes on a donor (SPEC §7 metadata). */
export const donorMetadata = pgTable(
  'donor_metadata',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    donorId: uuid('donor_id')
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('donor_metadata_tag_unique').on(t.donorId, sql`lower(${t.value})`).where(sql`${t.kind} = 'tag'`),
    index('donor_metadata_campaign_kind_idx').on(t.campaignId, t.kind, t.value),
    index('donor_metadata_donor_idx').on(t.donorId, t.createdAt),
    check('donor_metadata_kind_known', sql`${t.kind} in ('tag', 'note')`),
  ],
);

/** Follow-up: logged phone calls and reminders sent to a donor. */
export const donorContacts = pgTable(
  'donor_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    donorId: uuid('donor_id')
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    outcome: text('outcome'),
    channel: text('channel'),
    note: text('note'),
    nextCallDate: date('next_call_date', { mode: 'string' }),
    outboxId: uuid('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('donor_contacts_donor_idx').on(t.donorId, t.createdAt),
    index('donor_contacts_campaign_idx').on(t.campaignId, t.createdAt),
    check('donor_contacts_kind_known', sql`${t.kind} in ('call', 'reminder')`),
    check('donor_contacts_outcome_known', sql`${t.outcome} in ('reached', 'promised_payment', 'left_message', 'no_answer', 'wrong_number', 'declined')`),
    check('donor_contacts_channel_known', sql`${t.channel} in ('email', 'sms')`),
  ],
);

/**
 * A counter per campaign bumped by triggers (migration 0008) on every write to its donors,
 * pledges, donations and tags/notes: list counts and totals are cached against it.
 */
export const donorBookVersions = pgTable('donor_book_versions', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * What each of a campaign's book versions changed, when a trigger could tell (migration 0023): the
 * donors whose gifts, pledges or refunds ('figures') or tags and notes ('tags') one statement wrote.
 * A version with no row here changed anything (a donor's own fields, the cycle, a write of over 1,000
 * donors). Cached list pages survive the changes that cannot move them (book-changes.ts). Only the
 * last 1,000 versions of a campaign are kept.
 */
export const donorBookChanges = pgTable(
  'donor_book_changes',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    donorIds: uuid('donor_ids').array().notNull(),
  },
  (t) => [primaryKey({ name: 'donor_book_changes_pk', columns: [t.campaignId, t.version] }), check('donor_book_changes_kind_known', sql`${t.kind} in ('figures', 'tags', 'donor')`)],
);

/**
 * The campaign-level figures of the book (what the dashboard's total-stats and the report summaries
 * read), kept by statement-level triggers on donations, pledges and donors as deltas of each write:
 * raised = donations net of refunds; donation_count = donations not wholly refunded; pledged and
 * outstanding = pledges not written off; donor_count = donors.
 */
export const campaignBookTotals = pgTable('campaign_book_totals', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  raisedCents: bigint('raised_cents', { mode: 'number' }).notNull().default(0),
  donationCount: integer('donation_count').notNull().default(0),
  pledgedCents: bigint('pledged_cents', { mode: 'number' }).notNull().default(0),
  outstandingCents: bigint('outstanding_cents', { mode: 'number' }).notNull().default(0),
  donorCount: integer('donor_count').notNull().default(0),
});

/**
 * Deltas of campaign_book_totals queued by a transaction that set cdt.defer_book_totals (the import's
 * batches): a deferred constraint trigger adds them to the totals and removes them when it commits
 * (migration 0034), so no row here outlives its transaction.
 */
export const campaignBookTotalsPending = pgTable('campaign_book_totals_pending', {
  campaignId: uuid('campaign_id').notNull(),
  raisedCents: bigint('raised_cents', { mode: 'number' }).notNull(),
  donationCount: integer('donation_count').notNull(),
  pledgedCents: bigint('pledged_cents', { mode: 'number' }).notNull(),
  outstandingCents: bigint('outstanding_cents', { mode: 'number' }).notNull(),
  donorCount: integer('donor_count').notNull(),
});

/** Version bumps of donor_book_versions queued the same way (migration 0034), applied at commit. */
export const donorBookVersionsPending = pgTable('donor_book_versions_pending', {
  campaignId: uuid('campaign_id').notNull(),
  kind: text('kind').notNull(),
  donorIds: uuid('donor_ids').array(),
});

/**
 * Each donation's part of its donor's match (compliance engine, matchByContribution), for the
 * donations of the campaign's election cycle: what the donation report shows and sums in SQL.
 * Derived data, kept by server/modules/book/donation-matches.ts: triggers (migrations 0022, 0028)
 * mark the donors a write touched in `donation_match_dirty`, and the writing transaction computes
 * them again before it commits (keepDonationMatches); marks left (a write that did not, a change of
 * the match terms) are computed on the next read. No foreign key to the donation (a deleted
 * donation's donor is marked, and readers join from donations).
 */
export const donationMatches = pgTable(
  'donation_matches',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    donorId: uuid('donor_id').notNull(),
    donationId: uuid('donation_id').notNull(),
    matchableCents: bigint('matchable_cents', { mode: 'number' }).notNull(),
    publicFundsCents: bigint('public_funds_cents', { mode: 'number' }).notNull(),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.donorId, t.donationId] })],
);

/**
 * Each donor's matchable part and the public funds it brings (the sums of the donor's rows in
 * `donation_matches`), kept with them: the dashboard's totals are the sums of these rows.
 */
export const donorMatches = pgTable(
  'donor_matches',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    donorId: uuid('donor_id').notNull(),
    matchableCents: bigint('matchable_cents', { mode: 'number' }).notNull(),
    publicFundsCents: bigint('public_funds_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.donorId] })],
);

/** The match terms `donation_matches` and `donor_matches` were computed for, per campaign. */
export const donationMatchStates = pgTable('donation_match_states', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  terms: text('terms').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Donors whose matches a write made stale. */
export const donationMatchDirty = pgTable(
  'donation_match_dirty',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    donorId: uuid('donor_id').notNull(),
    /** The marking transaction's id (never reused), so a mark made after a read is told apart. */
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.donorId] })],
);

// ── Bulk uploads ────────────────────────────────────────────────────────────────────────────
// One row per uploaded file (its status, counts and options), one row per data row of the file
// (what was read, the outcome and why), and the column mapping a campaign last used for a layout.

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The private-storage key of the original file (campaigns/<id>/imports/…). */
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /**
     * SHA-256 of the file's content as read (its headers and cells, set while validating): the same file
     * uploaded again is recognised, re-saved with other line ends or quoting included.
     */
    fileSha256: text('file_sha256'),
    status: text('status').notNull(),
    validateOnly: boolean('validate_only').notNull().default(false),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    totalRows: integer('total_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    duplicateRows: integer('duplicate_rows').notNull().default(0),
    importedRows: integer('imported_rows').notNull().default(0),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    dateOrderAmbiguous: boolean('date_order_ambiguous').notNull().default(false),
    /** [{ reason, count }] most frequent first. */
    reasons: jsonb('reasons').$type<{ reason: string; count: number }[]>().notNull().default([]),
    /** The error report's private-storage key, once written. */
    errorKey: text('error_key'),
    message: text('message'),
    /** Set by cancel: the running job stops at its next batch. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('uploads_campaign_created_idx').on(t.campaignId, t.createdAt, t.id),
    index('uploads_campaign_sha_idx').on(t.campaignId, t.fileSha256),
    index('uploads_running_idx').on(t.status).where(sql`${t.status} in ('validating', 'importing')`),
    check('uploads_type_known', sql`${t.type} in ('donor', 'payment')`),
    check(
      'uploads_status_known',
      sql`${t.status} in ('validating', 'ready', 'validated', 'importing', 'completed', 'completed_with_errors', 'failed', 'cancelled')`,
    ),
  ],
);

export const uploadRows = pgTable(
  'upload_rows',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    /** valid (waiting to be imported) | imported | rejected | duplicate | skipped (a template's example row). */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    /** The cells of the row as read, in file order. */
    cells: jsonb('cells').$type<string[]>().notNull(),
    /** What the row reads as (domain/imports/rows.ts), when it could be read. */
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** The donor the row created (donors) or paid (payments). */
    donorId: uuid('donor_id'),
  },
  (t) => [
    primaryKey({ columns: [t.uploadId, t.rowNumber] }),
    check('upload_rows_outcome_known', sql`${t.outcome} in ('valid', 'imported', 'rejected', 'duplicate', 'skipped')`),
  ],
);

export const importMappings = pgTable(
  'import_mappings',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** domain/imports/columns.ts headerSignature of the file's headers. */
    signature: text('signature').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    defaults: jsonb('defaults').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.type, t.signature] })],
);

/**
 * Report history (SPEC §3 report history entry): one generated report file per row. The filter is the
 * JSON of SPEC §3 (start_date / end_date, null = all, plus the report's own keys, empty ones stripped).
 * A 'report-export' job moves it queued → running → ready | failed and writes the file to private storage.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    format: text('format').notNull(),
    title: text('title').notNull(),
    filter: jsonb('filter').$type<Record<string, string | null>>().notNull(),
    sort: text('sort').notNull(),
    status: text('status').notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    rowCount: integer('row_count'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** The file's private-storage key, once written. */
    fileKey: text('file_key'),
    message: text('message'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('reports_campaign_created_idx').on(t.campaignId, t.createdAt, t.id)],
);

// ── Online payments ────────────────────────────────────────────────────────────────────────────

/** Payment providers the platform offers (admin-add-payment-gateway); SPEC §1: paypal. */
export const paymentProviders = pgTable('payment_providers', {
  provider: text('provider').primaryKey(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/**
 * A campaign's own gateway account (configure-payment-gateway): the client secret is kept encrypted
 * (AES-256-GCM, server/modules/payments/secret-box.ts) and never answered, only its last 4 characters.
 * mode 'local' = the PayPal stand-in of a run without PayPal credentials.
 */
export const campaignGateways = pgTable(
  'campaign_gateways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    provider: text('provider')
      .notNull()
      .references(() => paymentProviders.provider),
    mode: text('mode').notNull(),
    clientId: text('client_id').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    secretLast4: text('secret_last4').notNull(),
    webhookId: text('webhook_id'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    configuredBy: uuid('configured_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('campaign_gateways_campaign_provider_unique').on(t.campaignId, t.provider), check('campaign_gateways_mode', sql`${t.mode} in ('local', 'sandbox', 'live')`)],
);

/** The campaign's public giving page: appeal text and suggested amounts (defaults when no row). */
export const givingPages = pgTable('giving_pages', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  appeal: text('appeal').notNull(),
  suggestedAmountsCents: jsonb('suggested_amounts_cents').$type<number[]>().notNull(),
  /** The legal notices (domain/payments/giving-notices.ts): null follows the default. */
  paidForBy: text('paid_for_by'),
  taxNotice: text('tax_notice'),
  privacyUrl: text('privacy_url'),
  rulesNotice: text('rules_notice'),
  /** Donors must give a phone number (migration 0030; default: optional). */
  requirePhone: boolean('require_phone').notNull().default(false),
  ...timestamps,
});

/**
 * One online payment: a donor's gift (kind 'donation', on the campaign's gateway) or a package purchase
 * (kind 'package', on the platform's gateway). created → approved → completed | declined | failed |
 * cancelled | expired. The order id and the capture id are unique: whoever records a capture first
 * (the browser's return, the webhook, the reconciliation job) wins, the others find it done.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    provider: text('provider').notNull().default('paypal'),
    mode: text('mode').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** The browser's key for one press of Pay (a double click makes one order). */
    idempotencyKey: text('idempotency_key').notNull(),
    orderId: text('order_id'),
    captureId: text('capture_id'),
    /** What the donor typed (name, e-mail, address, employer, attestations): the donor is found or made at capture. */
    donorDetails: jsonb('donor_details').$type<Record<string, unknown>>(),
    donorId: uuid('donor_id').references(() => donors.id, { onDelete: 'set null' }),
    pledgeId: uuid('pledge_id').references(() => pledges.id, { onDelete: 'set null' }),
    donationId: uuid('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    packageYears: integer('package_years'),
    receiptNumber: text('receipt_number'),
    failureCode: text('failure_code'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_campaign_idempotency_unique').on(t.campaignId, t.idempotencyKey),
    uniqueIndex('payments_order_unique').on(t.orderId).where(sql`${t.orderId} is not null`),
    uniqueIndex('payments_capture_unique').on(t.captureId).where(sql`${t.captureId} is not null`),
    uniqueIndex('payments_receipt_unique').on(t.receiptNumber).where(sql`${t.receiptNumber} is not null`),
    index('payments_campaign_created_idx').on(t.campaignId, t.kind, t.createdAt),
    index('payments_donation_idx').on(t.donationId).where(sql`${t.donationId} is not null`),
    index('payments_open_idx').on(t.status, t.updatedAt).where(sql`${t.status} in ('created', 'approved')`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_refunded_range', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

/** Provider webhook events already handled: an event id is processed once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    eventId: text('event_id').primaryKey(),
    eventType: text('event_type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** received (queued) → applied | ignored; waiting: its payment is not known yet (applied once it is). */
    state: text('state').notNull().default('applied'),
    /** The verified event as PayPal sent it. */
    body: jsonb('body').$type<Record<string, unknown>>(),
    /** The webhook id whose signature it carried (which account sent it). */
    webhookId: text('webhook_id'),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_events_state', sql`${t.state} in ('received', 'waiting', 'applied', 'ignored')`),
    index('payment_events_open_idx').on(t.state, t.receivedAt).where(sql`${t.state} in ('received', 'waiting')`),
  ],
);

/** PayPal disputes of online payments (CUSTOMER.DISPUTE.* webhooks, migration 0026): the latest status of each. */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    disputeId: text('dispute_id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    amountCents: integer('amount_cents'),
    outcome: text('outcome'),
    ...timestamps,
  },
  (t) => [index('payment_disputes_campaign_payment_idx').on(t.campaignId, t.paymentId)],
);

/**
 * Refunds asked of PayPal (migration 0026): each with its own invoice id and PayPal-Request-Id.
 * requested (call under way or unanswered) → pending (PayPal answered PENDING) → completed (booked as a
 * donation_refunds row) | failed (nothing booked; `failure_reason` says why).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id').notNull(),
    requestId: text('request_id').notNull(),
    providerRefundId: text('provider_refund_id'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    failureReason: text('failure_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('payment_refunds_status', sql`${t.status} in ('requested', 'pending', 'completed', 'failed')`),
    uniqueIndex('payment_refunds_invoice_unique').on(t.invoiceId),
    uniqueIndex('payment_refunds_provider_unique').on(t.providerRefundId).where(sql`${t.providerRefundId} is not null`),
    index('payment_refunds_campaign_payment_idx').on(t.campaignId, t.paymentId, t.createdAt),
  ],
);

/**
 * The local PayPal stand-in's own records (orders, captures, refunds, tokens), so its answers survive
 * a restart like PayPal's would. Never used when PayPal credentials are configured.
 */
export const paypalStandinObjects = pgTable(
  'paypal_standin_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('paypal_standin_objects_idempotency_unique').on(t.kind, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`)],
);

// ── Uploaded files: expense attachments, the campaign video ─────────────────────────────────────

/**
 * Files attached to an expense (receipts, invoices: domain/file-signature.ts EXPENSE_ATTACHMENT_USE),
 * kept in private storage under campaigns/<id>/expense-attachments/ and downloaded through signed
 * links. A key is attached once (unique). Deleting the expense deletes its rows (cascade); the
 * service deletes the stored files after the commit.
 */
export const expenseAttachments = pgTable(
  'expense_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** From the checked content (never the browser's claim). */
    contentType: text('content_type').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expense_attachments_file_key_unique').on(t.fileKey),
    index('expense_attachments_expense_idx').on(t.campaignId, t.expenseId, t.createdAt),
    check('expense_attachments_size_positive', sql`${t.fileSize} > 0`),
  ],
);

/**
 * The campaign's video on its public page (domain/campaign-video.ts): one per campaign, kept in
 * private storage under campaigns/<id>/videos/ and streamed to anyone by
 * GET /campaign/public_video/:videoId while it is the campaign's video and its page is public.
 */
export const campaignVideos = pgTable(
  'campaign_videos',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The public id in the video's URL (a new one per upload, so a URL never changes content). */
    videoId: uuid('video_id').notNull().defaultRandom(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campaign_videos_video_id_unique').on(t.videoId),
    uniqueIndex('campaign_videos_file_key_unique').on(t.fileKey),
    check('campaign_videos_size_positive', sql`${t.fileSize} > 0`),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * socket.io's PostgreSQL adapter (server/plugins/sockets.ts, on across instances): payloads over
 * NOTIFY's 8,000 bytes pass through this table; the adapter deletes rows older than 30 s itself.
 * Its shape is the adapter's own (its README's CREATE TABLE).
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
