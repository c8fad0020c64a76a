/** SQL of the report history (table `reports`): entries, their status and progress. */
import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { FILING_LIST_TYPE, FILING_REPORT_TYPES } from '../../../domain/filings/api-contract';
import type { Executor } from '../../db/executor';
import { reports, users } from '../../db/schema';

export type ReportRecord = typeof reports.$inferSelect;
export type ReportPatch = Partial<Omit<typeof reports.$inferInsert, 'id' | 'campaignId' | 'createdAt'>>;

export async function insertReport(db: Executor, values: typeof reports.$inferInsert): Promise<ReportRecord> {
  const [row] = await db.insert(reports).values(values).returning();
  return row!;
}

/** The entry, only within its campaign. */
export async function findReport(db: Executor, campaignId: string, reportId: string): Promise<{ report: ReportRecord; creatorName: string | null } | null> {
  const [row] = await db
    .select({ report: reports, creatorName: users.name })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.createdBy))
    .where(and(eq(reports.campaignId, campaignId), eq(reports.id, reportId)))
    .limit(1);
  return row ?? null;
}

export async function findReportForJob(db: Executor, reportId: string): Promise<ReportRecord | null> {
  const [row] = await db.select().from(reports).where(eq(reports.id, reportId)).limit(1);
  return row ?? null;
}

/** Sets `patch` when the entry is in one of `from`; answers whether it was. */
export async function moveReport(db: Executor, reportId: string, from: readonly string[], patch: ReportPatch, now: Date): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(reports.id, reportId), inArray(reports.status, [...from])))
    .returning({ id: reports.id });
  return rows.length > 0;
}

export interface ReportListFilter {
  type: string;
  page: number;
  limit: number;
  sort: string;
  format?: string;
  status?: string;
}

const SORT_COLUMNS = { created_at: reports.createdAt, title: reports.title, status: reports.status, size_bytes: reports.sizeBytes } as const;

export async function listReports(db: Executor, campaignId: string, filter: ReportListFilter) {
  const conditions: (SQL | undefined)[] = [
    eq(reports.campaignId, campaignId),
    filter.type === 'all' ? undefined : filter.type === FILING_LIST_TYPE ? inArray(reports.type, [...FILING_REPORT_TYPES]) : eq(reports.type, filter.type),
    filter.format ? eq(reports.format, filter.format) : undefined,
    filter.status ? eq(reports.status, filter.status) : undefined,
  ];
  const where = and(...conditions);
  const descending = filter.sort.startsWith('-');
  const column = SORT_COLUMNS[filter.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS] ?? reports.createdAt;
  const order = descending ? [desc(column), desc(reports.id)] : [asc(column), asc(reports.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ report: reports, creatorName: users.name })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.createdBy))
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(reports).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Entries left queued or running (all, or those not updated since `silentSince`): the recovery sweep's candidates. */
export async function unfinishedReportIds(db: Executor, silentSince?: Date): Promise<string[]> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(inArray(reports.status, ['queued', 'running']), silentSince ? lt(reports.updatedAt, silentSince) : undefined));
  return rows.map((r) => r.id);
}
