/**
 * THE list of permission resource names (one per page and per write action), their labels for the
 * roles screen, and the system roles. A campaign member's permissions are the resource names of their
 * role: a system role below, or a custom role of the campaign (stored with the campaign).
 * The server checks every campaign-scoped route against these; the SPA only hides what it would refuse.
 * Pure TypeScript: no React, no Node.
 */

export interface ResourceDefinition {
  readonly name: string;
  /** Roles screen: the checkbox label. */
  readonly label: string;
  /** Roles screen: the group heading (one per page or area). */
  readonly group: string;
  /** A resource that is granted only together with this one (the roles screen ticks it too). */
  readonly requires?: string;
}

export const RESOURCES = [
  { name: 'dashboard.read', label: 'View the dashboard', group: 'Dashboard' },
  { name: 'campaign.read', label: 'View campaign details', group: 'Campaign' },
  { name: 'campaign.write', label: 'Edit campaign details', group: 'Campaign' },
  { name: 'payment_gateway.read', label: 'View payment gateway settings', group: 'Payment gateway' },
  { name: 'payment_gateway.write', label: 'Configure the payment gateway', group: 'Payment gateway' },
  { name: 'donor.read', label: 'View donors', group: 'Donors' },
  { name: 'donor.write', label: 'Add and edit donors', group: 'Donors' },
  { name: 'donation.read', label: 'View donations', group: 'Donations' },
  { name: 'donation.write', label: 'Record donations', group: 'Donations' },
  { name: 'expense.read', label: 'View expenses', group: 'Expenses' },
  { name: 'expense.write', label: 'Record expenses', group: 'Expenses' },
  { name: 'report.read', label: 'View reports', group: 'Reports' },
  { name: 'report.download', label: 'Download reports', group: 'Reports', requires: 'report.read' },
  { name: 'upload.read', label: 'View bulk upload history', group: 'Bulk upload' },
  { name: 'upload.write', label: 'Upload records in bulk', group: 'Bulk upload' },
  { name: 'follow_up.read', label: 'View follow-up calls', group: 'Follow-up calls' },
  { name: 'follow_up.write', label: 'Record follow-up calls and send reminders', group: 'Follow-up calls' },
  { name: 'package.read', label: 'View packages and purchase history', group: 'Packages' },
  { name: 'package.purchase', label: 'Purchase packages', group: 'Packages' },
  { name: 'member.read', label: 'View team members', group: 'User management' },
  { name: 'member.manage', label: 'Invite, change and remove team members', group: 'User management' },
  { name: 'role.manage', label: 'Create and edit roles', group: 'Roles and access' },
  { name: 'audit.read', label: 'View the team activity log', group: 'Roles and access' },
] as const satisfies readonly ResourceDefinition[];

export type ResourceName = (typeof RESOURCES)[number]['name'];

export const RESOURCE_NAMES: readonly ResourceName[] = RESOURCES.map((r) => r.name);

const RESOURCE_SET: ReadonlySet<string> = new Set(RESOURCE_NAMES);

export function isResourceName(value: unknown): value is ResourceName {
  return typeof value === 'string' && RESOURCE_SET.has(value);
}

const REQUIREMENTS: ReadonlyMap<string, string> = new Map(
  (RESOURCES as readonly ResourceDefinition[]).filter((r) => r.requires !== undefined).map((r) => [r.name, r.requires as string]),
);

/** The resource `name` is granted only with (e.g. Download reports needs View reports), if any. */
export function requiredResource(name: string): string | undefined {
  return REQUIREMENTS.get(name);
}

/** The names of `names` whose required resource is not among them. */
export function resourcesMissingRequirement(names: readonly string[]): string[] {
  const held = new Set(names);
  return names.filter((name) => {
    const required = REQUIREMENTS.get(name);
    return required !== undefined && !held.has(required);
  });
}

/** What a set of resource names grants: a resource whose requirement is missing grants nothing. */
export function effectiveResourceNames(names: readonly ResourceName[]): ResourceName[] {
  const missing = new Set(resourcesMissingRequirement(names));
  return names.filter((name) => !missing.has(name));
}

/** Resource names in the canonical order of RESOURCES, without duplicates or unknown names. */
export function normalizeResourceNames(names: readonly string[]): ResourceName[] {
  const wanted = new Set(names);
  return RESOURCE_NAMES.filter((name) => wanted.has(name));
}

// ── system roles ────────────────────────────────────────────────────────────────────────────

export const SYSTEM_ROLE_KEYS = ['owner', 'manager', 'staff'] as const;
export type SystemRoleKey = (typeof SYSTEM_ROLE_KEYS)[number];

export interface RoleDefinition {
  readonly key: string;
  readonly name: string;
  readonly resource_names: readonly ResourceName[];
  readonly is_system: boolean;
}

const STAFF_WRITES: readonly ResourceName[] = ['donor.write', 'donation.write', 'follow_up.write'];

/**
 * Defaults. A campaign may edit the resource names of manager and staff (roles screen); the owner
 * always has every resource.
 * owner: everything. manager: everything too; what only an owner may do is about ownership itself
 * (invite, promote, demote or remove an owner), enforced by the team rules, not by a resource.
 * staff: every page to read (not the activity log), reports download, and writes for donors,
 * donations and follow-up calls; no team, role, package purchase or payment gateway changes.
 */
export const SYSTEM_ROLES: Readonly<Record<SystemRoleKey, RoleDefinition>> = {
  owner: { key: 'owner', name: 'Owner', resource_names: RESOURCE_NAMES, is_system: true },
  manager: { key: 'manager', name: 'Campaign manager', resource_names: RESOURCE_NAMES, is_system: true },
  staff: {
    key: 'staff',
    name: 'Staff',
    resource_names: RESOURCE_NAMES.filter((name) => (name.endsWith('.read') && name !== 'audit.read') || name === 'report.download' || STAFF_WRITES.includes(name)),
    is_system: true,
  },
};

export function isSystemRoleKey(value: unknown): value is SystemRoleKey {
  return typeof value === 'string' && (SYSTEM_ROLE_KEYS as readonly string[]).includes(value);
}

/** Owner and manager see the purchase button and the expiry popup (SPEC §6). */
export function canPurchasePackages(role: string | null | undefined): boolean {
  return role === 'owner' || role === 'manager';
}

/** Custom role keys: lowercase letters, digits and underscores, 2–40 characters, not a system key. */
export const ROLE_KEY_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;

/** A role key suggested from a role name ('Field Volunteer' → 'field_volunteer'). */
export function suggestRoleKey(name: string): string {
  const key = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  const padded = key.length < 2 ? `role_${key}`.replace(/_+$/, '') : key;
  return isSystemRoleKey(padded) ? `${padded}_custom` : padded;
}
