import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::type[])`: one parameter for the whole list. Use it instead of drizzle's
 * `inArray` for lists that can hold thousands of values (a batch's donors): `inArray` sends one
 * parameter per value, which costs Node and PostgreSQL's planner about 15–20 ms per 2,500 ids.
 * An empty list matches nothing, as `inArray`'s does.
 */
export function anyOf(column: AnyColumn | SQL, values: readonly (string | number)[], type: 'uuid' | 'text' | 'int'): SQL {
  return sql`${column} = any(${sql.param([...values])}::${sql.raw(type)}[])`;
}
