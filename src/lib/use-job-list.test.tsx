import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useAppDispatch } from '../app/hooks';
import { makeStore } from '../app/store';
import { api } from './api';
import { emitLiveEvent } from './live-events';
import { keepNewerProgress, useJobList, type JobRows } from './use-job-list';

interface Job {
  id: string;
  status: 'running' | 'done';
  created_at: string;
  progress: { done: number; total: number | null };
}
interface JobsData {
  jobs: Job[];
}
type JobsArgs = {
  campaign_id: string;
};

const jobRows: JobRows<JobsData, Job> = {
  kind: 'test-job',
  rows: (data) => data.jobs,
  id: (job) => job.id,
  status: (job) => job.status,
  isRunning: (job) => job.status === 'running',
  progress: (job) => job.progress,
  setProgress: (job, progress) => {
    job.progress = progress;
  },
};

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    testJobs: build.query<JobsData, JobsArgs>({
      query: (params) => ({ url: '/test/jobs', params }),
      merge: keepNewerProgress(jobRows, (job) => job.created_at),
    }),
  }),
});

const POLL_MS = 3000;
const job = (overrides: Partial<Job> = {}): Job => ({ id: 'j1', status: 'running', created_at: '2029-01-01T10:00:00.000Z', progress: { done: 10, total: 100 }, ...overrides });
let served: Job[] = [];
let requests = 0;
const server = setupServer(
  http.get('*/test/jobs', () => {
    requests += 1;
    return HttpResponse.json({ jobs: served });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  served = [];
  requests = 0;
});
afterAll(() => server.close());

function renderJobs() {
  const { store } = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const args = { campaign_id: 'c1' };
  const hook = renderHook(
    () => {
      const dispatch = useAppDispatch();
      return useJobList(args, { ...jobRows, pollMs: POLL_MS, useList: testApi.useTestJobsQuery, patch: (a, recipe) => void dispatch(testApi.util.updateQueryData('testJobs', a, recipe)) });
    },
    { wrapper },
  );
  return { store, args, ...hook };
}

const progressOf = (data: JobsData | undefined, id = 'j1') => data?.jobs.find((j) => j.id === id)?.progress;

describe('useJobList', () => {
  it('moves a running job’s bar with live events at once, keeps the pushed figure over a lagging poll, and stops polling once nothing runs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    served = [job()];
    const { result } = renderJobs();
    await waitFor(() => expect(progressOf(result.current.currentData)).toEqual({ done: 10, total: 100 }));

    // Pushed: shown in the same render, without a request.
    const before = requests;
    act(() => emitLiveEvent('progress', { kind: 'test-job', id: 'j1', campaign_id: 'c1', done: 40, total: 100, stage: null }));
    expect(progressOf(result.current.currentData)).toEqual({ done: 40, total: 100 });
    // Another kind of work, or a job not listed, changes nothing.
    act(() => emitLiveEvent('progress', { kind: 'import', id: 'j1', campaign_id: 'c1', done: 90, total: 100, stage: null }));
    act(() => emitLiveEvent('progress', { kind: 'test-job', id: 'other', campaign_id: 'c1', done: 90, total: 100, stage: null }));
    expect(progressOf(result.current.currentData)).toEqual({ done: 40, total: 100 });
    expect(requests).toBe(before);

    // The poll's answer lags the pushes (the stored figure is written less often): the bar does not go back.
    served = [job({ progress: { done: 20, total: 100 } })];
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    await waitFor(() => expect(requests).toBe(before + 1));
    expect(progressOf(result.current.currentData)).toEqual({ done: 40, total: 100 });
    // Further on, the poll's figure wins.
    served = [job({ progress: { done: 70, total: 100 } })];
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    await waitFor(() => expect(progressOf(result.current.currentData)).toEqual({ done: 70, total: 100 }));

    // Done: read at once, and no more polling.
    served = [job({ status: 'done', progress: { done: 100, total: 100 } })];
    act(() => emitLiveEvent('done', { kind: 'test-job', id: 'j1', campaign_id: 'c1', status: 'done', message: null }));
    await waitFor(() => expect(result.current.currentData?.jobs[0]?.status).toBe('done'));
    const settled = requests;
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 3));
    expect(requests).toBe(settled);
  });

  it('keeps a job this tab started (put in the cache from the start’s answer) until the list holds it', async () => {
    served = [job({ id: 'old', status: 'done', created_at: '2029-01-01T09:00:00.000Z' })];
    const { result, store, args } = renderJobs();
    await waitFor(() => expect(result.current.currentData?.jobs).toHaveLength(1));
    const started = job({ id: 'new', created_at: '2029-01-01T11:00:00.000Z', progress: { done: 0, total: null } });
    act(() => {
      void store.dispatch(testApi.util.updateQueryData('testJobs', args, (draft) => void draft.jobs.unshift(started)));
    });
    await waitFor(() => expect(result.current.currentData?.jobs.map((j) => j.id)).toEqual(['new', 'old']));

    // The list read before the job was written: the started job stays on top.
    act(() => void result.current.refetch());
    await waitFor(() => expect(requests).toBe(2));
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.currentData?.jobs.map((j) => j.id)).toEqual(['new', 'old']);

    // Listed now: the list's own row, once.
    served = [job({ id: 'new', status: 'done', created_at: '2029-01-01T11:00:00.000Z', progress: { done: 5, total: 5 } }), served[0]!];
    act(() => void result.current.refetch());
    await waitFor(() => expect(result.current.currentData?.jobs.map((j) => `${j.id}:${j.status}`)).toEqual(['new:done', 'old:done']));
  });
});
