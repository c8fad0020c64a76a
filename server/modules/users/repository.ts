import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UserListSort, UserStatus } from '../../../domain/auth/api-contract';
import type { Executor } from '../../db/executor';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** By normalised e-mail (lower case) or 10-digit phone. */
export async function findUserByAttribute(db: Executor, attribute: 'email' | 'phone', value: string): Promise<UserRow | null> {
  const column = attribute === 'email' ? users.email : users.phone;
  const [row] = await db.select().from(users).where(eq(column, value)).limit(1);
  return row ?? null;
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(db: Executor, id: string, patch: UserPatch, now: Date): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Changes the status only when it is one of `from` (a status transition without races). */
export async function transitionUserStatus(db: Executor, id: string, from: UserStatus[], patch: UserPatch, now: Date): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(users.id, id), or(...from.map((status) => eq(users.status, status)))))
    .returning();
  return row ?? null;
}

/** +1 failed credential sign-in; returns the new count. */
export async function incrementFailedSignins(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedSigninCount: sql`${users.failedSigninCount} + 1` })
    .where(eq(users.id, id))
    .returning({ count: users.failedSigninCount });
  return row?.count ?? 0;
}

export async function resetFailedSignins(db: Executor, id: string): Promise<void> {
  await db.update(users).set({ failedSigninCount: 0 }).where(eq(users.id, id));
}

export interface ListUsersFilter {
  status?: UserStatus;
  search?: string;
  page: number;
  limit: number;
  sort: UserListSort;
}

const SORT_COLUMNS = { created_at: users.createdAt, name: users.name, email: users.email, status: users.status } as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listUsers(db: Executor, filter: ListUsersFilter): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(users.status, filter.status));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const match = or(ilike(users.name, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern), ilike(users.phone, pattern));
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const descending = filter.sort.startsWith('-');
  const column = SORT_COLUMNS[filter.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(descending ? desc(column) : asc(column), asc(users.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}
