/**
 * The shared part of the lists of long work (upload history, report history, one upload's review):
 * read the list again every few seconds while one of its jobs is unfinished, and move its progress
 * bars with the live 'progress' events (live-events.ts) patched into the RTK Query cache entry, so a
 * poll answer and a push land in the same place. A 'done' event reads the list again.
 *
 *   // features/<feature>/api/<feature>-api.ts
 *   const reportRows: JobRows<ReportListData, ReportEntry> = { kind: 'report', rows: (d) => d.report_list, … };
 *   reportList: build.query({ …, merge: keepNewerProgress(reportRows) }),
 *   // the component
 *   const list = useJobList(args, { ...reportRows, pollMs: 3000, useList: useReportListQuery,
 *     patch: (a, recipe) => dispatch(reportsApi.util.updateQueryData('reportList', a, recipe)) });
 */
import type { SkipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import type { LiveDoneEvent } from '../../domain/live-events';
import { useAppDispatch } from '../app/hooks';
import { useLiveEvent } from './live-events';

/** No reducer handles it: dispatched to flush RTK's batched notifications. */
const PROGRESS_SHOWN = { type: 'jobs/progressShown' } as const;

export interface JobProgress {
  done: number;
  total: number | null;
}

/** How a list's answer holds its jobs. */
export interface JobRows<Data, Row> {
  /** The live-event kind of these jobs ('import', 'report'). */
  kind: string;
  /** The rows of an answer (of a draft too: setProgress writes through them). */
  rows: (data: Data) => Row[];
  id: (row: Row) => string;
  /** The stage the row is in ('importing', 'queued', …): progress pushed in one stage is not another's. */
  status: (row: Row) => string;
  /** A job is at work (a progress bar; the list is polled). */
  isRunning: (row: Row) => boolean;
  progress: (row: Row) => JobProgress;
  setProgress: (row: Row, progress: JobProgress) => void;
}

/**
 * The endpoint's `merge`: a poll answer keeps a row's pushed progress when it is further on in the same
 * stage (the stored figure lags the pushes), and keeps rows this tab started (added to the cache from
 * the start's answer) until the list holds them, as long as they run and are the newest.
 */
export function keepNewerProgress<Data, Row>(jobs: JobRows<Data, Row>, newest?: (row: Row) => string) {
  return (current: Data, incoming: Data): Data => {
    const before = jobs.rows(current);
    const after = jobs.rows(incoming);
    for (const row of after) {
      const old = before.find((r) => jobs.id(r) === jobs.id(row));
      if (old && jobs.isRunning(row) && jobs.status(old) === jobs.status(row) && jobs.progress(old).done > jobs.progress(row).done) jobs.setProgress(row, jobs.progress(old));
    }
    if (newest) {
      const latest = after.reduce((max, row) => (newest(row) > max ? newest(row) : max), '');
      const started = before.filter((r) => jobs.isRunning(r) && newest(r) >= latest && !after.some((row) => jobs.id(row) === jobs.id(r)));
      after.unshift(...started);
    }
    return incoming;
  };
}

/** What a list query hook gives back (the generated `useXQuery`), as far as the lists read it. */
export interface JobQueryResult<Data> {
  /** The answer to the current arguments (undefined while another page or campaign loads). */
  currentData?: Data;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}
type JobQueryHook<Args, Data> = (
  args: Args | SkipToken,
  options: { pollingInterval: number; skipPollingIfUnfocused: boolean; refetchOnMountOrArgChange: boolean },
) => JobQueryResult<Data>;

export interface JobList<Args, Data, Row> extends JobRows<Data, Row> {
  /** While a job runs, the list is read again this often (live events are the fast path). */
  pollMs: number;
  /** The list endpoint's generated query hook. */
  useList: JobQueryHook<Args, Data>;
  /** Dispatches the endpoint's `util.updateQueryData(name, args, recipe)`. */
  patch: (args: Args, recipe: (draft: Data) => void) => void;
  /** A 'done' of any job of this kind reads the list again (a list sorted or filtered by status); else only of a listed one. */
  anyDone?: boolean;
  /** A job of this kind ended (the list is being read again). */
  onDone?: (event: LiveDoneEvent, row: Row | undefined) => void;
}

/**
 * Loads a list of jobs (`useList(args)`, read again on every visit as the pages always did), polls it
 * while one of its rows runs, and patches live progress into its cache entry.
 */
export function useJobList<Args, Data, Row>(args: Args | SkipToken, list: JobList<Args, Data, Row>): JobQueryResult<Data> {
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(false);
  const result = list.useList(args, { pollingInterval: polling ? list.pollMs : 0, skipPollingIfUnfocused: false, refetchOnMountOrArgChange: true });
  const data = result.currentData;
  const rows = data === undefined ? [] : list.rows(data);
  const running = rows.some(list.isRunning);
  // Derived while rendering (React's "adjusting state when a prop changes"): the next render polls or stops.
  if (running !== polling) setPolling(running);

  /** A push for a row still shown as not running (it started elsewhere): read the list again, once per answer. */
  const refetchAsked = useRef(false);
  useEffect(() => {
    refetchAsked.current = false;
  }, [data]);

  useLiveEvent('progress', list.kind, (event) => {
    const row = rows.find((r) => list.id(r) === event.id);
    if (!row || isSkip(args)) return;
    if (!list.isRunning(row)) {
      if (!refetchAsked.current) {
        refetchAsked.current = true;
        result.refetch();
      }
      return;
    }
    list.patch(args, (draft) => {
      const target = list.rows(draft).find((r) => list.id(r) === event.id);
      if (target && list.status(target) === list.status(row)) list.setProgress(target, { done: event.done, total: event.total });
    });
    // RTK batches a cache patch's notification to the next animation frame; a plain action shows the bar now, as the pushed event arrives.
    dispatch(PROGRESS_SHOWN);
  });
  useLiveEvent('done', list.kind, (event) => {
    const row = rows.find((r) => list.id(r) === event.id);
    if (!row && !list.anyDone) return;
    if (!isSkip(args)) result.refetch();
    list.onDone?.(event, row);
  });
  return result;
}

function isSkip(args: unknown): args is SkipToken {
  return typeof args === 'symbol';
}
