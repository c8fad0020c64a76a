import type { Db } from './client';

/** A Drizzle transaction (the argument of `db.transaction(async (tx) => …)`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;
