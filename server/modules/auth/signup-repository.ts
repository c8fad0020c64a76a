import type { Executor } from '../../db/executor';
import { users } from '../../db/schema';
import type { NewUser, UserRow } from '../users/repository';

/** Inserts the user unless the e-mail or phone is taken (then null): the same statement either way. */
export async function insertUserUnlessTaken(db: Executor, values: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}
