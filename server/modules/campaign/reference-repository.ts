import { and, asc, eq } from 'drizzle-orm';
import type { ElectionCycleItem, OfficeSoughtItem, StateItem } from '../../../domain/campaign';
import type { Executor } from '../../db/executor';
import { electionCycles, officeElectionCycles, officesSought, states } from '../../db/schema';

export async function listOfficesSought(db: Executor): Promise<OfficeSoughtItem[]> {
  return db.select({ value: officesSought.value, label: officesSought.label }).from(officesSought).orderBy(asc(officesSought.sortOrder), asc(officesSought.value));
}

export async function listStates(db: Executor): Promise<StateItem[]> {
  return db.select({ value: states.value, label: states.label }).from(states).orderBy(asc(states.label));
}

const cycleColumns = { value: electionCycles.value, label: electionCycles.label, start_date: electionCycles.startDate, end_date: electionCycles.endDate };

/** The cycles with an election for `office`. */
export async function listElectionCyclesForOffice(db: Executor, office: string): Promise<ElectionCycleItem[]> {
  return db
    .select(cycleColumns)
    .from(officeElectionCycles)
    .innerJoin(electionCycles, eq(electionCycles.value, officeElectionCycles.electionCycle))
    .where(eq(officeElectionCycles.officeSought, office))
    .orderBy(asc(electionCycles.sortOrder), asc(electionCycles.value));
}

export async function officeExists(db: Executor, office: string): Promise<boolean> {
  const [row] = await db.select({ value: officesSought.value }).from(officesSought).where(eq(officesSought.value, office)).limit(1);
  return !!row;
}

export async function electionCycleExists(db: Executor, cycle: string): Promise<boolean> {
  const [row] = await db.select({ value: electionCycles.value }).from(electionCycles).where(eq(electionCycles.value, cycle)).limit(1);
  return !!row;
}

export async function cycleAppliesToOffice(db: Executor, office: string, cycle: string): Promise<boolean> {
  const [row] = await db
    .select({ office: officeElectionCycles.officeSought })
    .from(officeElectionCycles)
    .where(and(eq(officeElectionCycles.officeSought, office), eq(officeElectionCycles.electionCycle, cycle)))
    .limit(1);
  return !!row;
}

export async function stateExists(db: Executor, state: string): Promise<boolean> {
  const [row] = await db.select({ value: states.value }).from(states).where(eq(states.value, state)).limit(1);
  return !!row;
}

export async function listElectionCycles(db: Executor): Promise<ElectionCycleItem[]> {
  return db.select(cycleColumns).from(electionCycles).orderBy(asc(electionCycles.sortOrder), asc(electionCycles.value));
}

export async function findOfficeLabel(db: Executor, office: string): Promise<string | null> {
  const [row] = await db.select({ label: officesSought.label }).from(officesSought).where(eq(officesSought.value, office)).limit(1);
  return row?.label ?? null;
}
