import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaignRoles } from '../../db/schema';

export type CustomRoleRow = typeof campaignRoles.$inferSelect;

export async function findCustomRole(db: Executor, campaignId: string, key: string): Promise<CustomRoleRow | null> {
  const [row] = await db
    .select()
    .from(campaignRoles)
    .where(and(eq(campaignRoles.campaignId, campaignId), eq(campaignRoles.key, key)))
    .limit(1);
  return row ?? null;
}

/** A campaign's custom roles by name (a campaign has a handful). */
export async function listCustomRoles(db: Executor, campaignId: string): Promise<CustomRoleRow[]> {
  return db.select().from(campaignRoles).where(eq(campaignRoles.campaignId, campaignId)).orderBy(asc(campaignRoles.name), asc(campaignRoles.key)).limit(200);
}

export async function insertCustomRole(db: Executor, values: { campaignId: string; key: string; name: string; resourceNames: string[] }, now: Date): Promise<CustomRoleRow> {
  const [row] = await db
    .insert(campaignRoles)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

export async function updateCustomRole(db: Executor, campaignId: string, key: string, patch: { name: string; resourceNames: string[] }, now: Date): Promise<CustomRoleRow | null> {
  const [row] = await db
    .update(campaignRoles)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(campaignRoles.campaignId, campaignId), eq(campaignRoles.key, key)))
    .returning();
  return row ?? null;
}

export async function deleteCustomRole(db: Executor, campaignId: string, key: string): Promise<boolean> {
  const rows = await db
    .delete(campaignRoles)
    .where(and(eq(campaignRoles.campaignId, campaignId), eq(campaignRoles.key, key)))
    .returning({ id: campaignRoles.id });
  return rows.length > 0;
}

/** Sets the campaign's resource names of a system role (manager, staff), creating its row if needed. */
export async function upsertRoleResources(db: Executor, values: { campaignId: string; key: string; name: string; resourceNames: string[] }, now: Date): Promise<CustomRoleRow> {
  const [row] = await db
    .insert(campaignRoles)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [campaignRoles.campaignId, campaignRoles.key], set: { resourceNames: values.resourceNames, updatedAt: now } })
    .returning();
  return row;
}
