import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Foundation tables. Later issues extend them; money columns are integer cents (`*_cents`).

export const userStatus = pgEnum('user_status', ['pending', 'active', 'blocked', 'locked']);
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
    email: text('email').notNull(),
    phone: text('phone'),
    name: text('name').notNull().default(''),
    status: userStatus('status').notNull().default('pending'),
    isProfileUpdated: smallint('is_profile_updated').notNull().default(0),
    profilePicture: text('profile_picture'),
    passwordHash: text('password_hash'),
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
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
    electionCycle: text('election_cycle'),
    complianceRuleSet: text('compliance_rule_set').notNull().default('custom'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campaigns_slug_unique').on(t.slug),
    check('campaigns_slug_format', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]*$'`),
    check('campaigns_is_popup_shown_flag', sql`${t.isPopupShown} in (0, 1)`),
    check('campaigns_total_purchased_year_nonnegative', sql`${t.totalPurchasedYear} >= 0`),
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
  (t) => [primaryKey({ name: 'campaign_members_pk', columns: [t.campaignId, t.userId] }), index('campaign_members_user_idx').on(t.userId)],
);
