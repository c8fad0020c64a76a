import { effectiveResourceNames, isSystemRoleKey, normalizeResourceNames, SYSTEM_ROLES, type ResourceName } from '../../../domain/permissions';

/**
 * The resource names a role grants in a campaign. `roleRowResourceNames` is the campaign's
 * campaign_roles row for the key (null when none): a custom role, or the campaign's edit of manager
 * or staff. The owner always has every resource; manager and staff without a row have the defaults
 * of domain/permissions.ts; a role that no longer exists grants nothing. Unknown names are dropped, and
 * so is a resource stored without the one it requires (Download reports without View reports).
 */
export function resolveResourceNames(role: string, roleRowResourceNames: readonly string[] | null): ResourceName[] {
  if (role === 'owner') return [...SYSTEM_ROLES.owner.resource_names];
  if (roleRowResourceNames) return effectiveResourceNames(normalizeResourceNames(roleRowResourceNames));
  return isSystemRoleKey(role) ? [...SYSTEM_ROLES[role].resource_names] : [];
}

/** True when every resource of `wanted` is in `held` (nobody grants more than they have). */
export function grantsNoMoreThan(wanted: readonly string[], held: readonly string[]): boolean {
  const have = new Set(held);
  return wanted.every((name) => have.has(name));
}
