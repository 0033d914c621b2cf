import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError, fetchJobs } from '../api';
import { bus } from '../bus';
import { NO_CONNECTION_MESSAGE } from '../errorText';
import type { Job, JobStatus } from '../contracts';
import { useMyJobs } from './useMyJobs';

jest.mock('../api', () => ({ ...jest.requireActual<typeof import('../api')>('../api'), fetchJobs: jest.fn() }));
const mockedFetchJobs = fetchJobs as jest.MockedFunction<typeof fetchJobs>;

const job = (id: number, status: JobStatus): Job =>
  ({ id, status, created_at: `2025-01-0${id}T10:00:00.000Z`, service_name: 'Driver' }) as unknown as Job;

describe('useMyJobs', () => {
  afterEach(() => mockedFetchJobs.mockReset());

  /**
   * The API over `jobs` (newest first): a page of per_page, of the asked statuses when asked, counted from
   * the start or after the job `starting_after` names.
   */
  const serve = (jobs: () => Job[]) =>
    mockedFetchJobs.mockImplementation(async (params) => {
      const statuses = params?.status === undefined ? undefined : ([] as JobStatus[]).concat(params.status);
      const all = jobs();
      const cursor = params?.starting_after === undefined ? -1 : all.findIndex((j) => j.id === params.starting_after);
      const matching = all.slice(cursor + 1).filter((j) => !statuses || statuses.includes(j.status));
      const perPage = params?.per_page ?? 50;
      const from = ((params?.page ?? 1) - 1) * perPage;
      return {
        data: matching.slice(from, from + perPage),
        message: '',
        meta: { page: params?.page ?? 1, per_page: perPage, has_more: matching.length > from + perPage },
      };
    });

  it('loads the jobs, merges a job/updated live, and fetches again when the realtime channel resubscribes', async () => {
    let jobs = [job(1, 'Pending')];
    serve(() => jobs);
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', jobs: [job(1, 'Pending')] }));

    act(() => bus.emit({ type: 'job/updated', job: job(1, 'Accepted') }));
    expect(result.current.state).toEqual({ status: 'ready', jobs: [job(1, 'Accepted')] });

    jobs = [job(2, 'Pending'), job(1, 'Accepted')];
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', jobs: [job(2, 'Pending'), job(1, 'Accepted')] }));
  });

  it('a refresh that fails keeps the list shown and says why; refresh (Retry) fetches again and clears it', async () => {
    let jobs = [job(1, 'Pending')];
    let down = false;
    mockedFetchJobs.mockImplementation(async (params) => {
      if (down) throw new ApiError('The server is busy. Please try again.', 503);
      const statuses = params?.status === undefined ? undefined : ([] as JobStatus[]).concat(params.status);
      return { data: jobs.filter((j) => !statuses || statuses.includes(j.status)), message: '' };
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', jobs: [job(1, 'Pending')] }));
    expect(result.current.refreshError).toBeNull();

    down = true;
    jobs = [job(2, 'Pending'), job(1, 'Pending')];
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(result.current.refreshError).toBe('The server is busy. Please try again.'));
    expect(result.current.state).toEqual({ status: 'ready', jobs: [job(1, 'Pending')] });

    // Retry while still down: the message goes at once (the press shows) and comes back with the failure.
    act(() => result.current.refresh());
    expect(result.current.refreshError).toBeNull();
    await waitFor(() => expect(result.current.refreshError).toBe('The server is busy. Please try again.'));

    down = false;
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', jobs: [job(2, 'Pending'), job(1, 'Pending')] }));
    expect(result.current.refreshError).toBeNull();
    jest.restoreAllMocks();
  });

  it('keeps a job that changed while the list was loading: the list, read before it, gets it, unless it has it as new', async () => {
    const at = (id: number, status: JobStatus, updated: string) => ({ ...job(id, status), updated_at: updated });
    const staleList = [at(3, 'Accepted', '2025-01-03T12:00:00.000Z'), at(1, 'Pending', '2025-01-01T10:00:00.000Z')];
    // The answers are held until released, as the loader holds them (or a slow network).
    let served = staleList;
    const held: Array<() => void> = [];
    mockedFetchJobs.mockImplementation(() => {
      const list = served;
      return new Promise((resolve) => held.push(() => resolve({ data: list, message: '' })));
    });
    const releaseAll = () =>
      act(async () => {
        held.splice(0).forEach((release) => release());
        await Promise.resolve();
      });
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(held).toHaveLength(2));
    // A new request (job 2) and job 1 accepted arrive while loading; job 3's older event is outdone by the list.
    act(() => bus.emit({ type: 'job/updated', job: at(2, 'Pending', '2025-01-02T10:00:00.000Z') }));
    act(() => bus.emit({ type: 'job/updated', job: at(1, 'Accepted', '2025-01-05T10:00:00.000Z') }));
    act(() => bus.emit({ type: 'job/updated', job: at(3, 'Pending', '2025-01-03T11:00:00.000Z') }));
    expect(result.current.state).toEqual({ status: 'loading' });
    await releaseAll();
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const statuses = () =>
      (result.current.state.status === 'ready' ? result.current.state.jobs : []).map((j) => [j.id, j.status]);
    expect(statuses()).toEqual([
      [3, 'Accepted'],
      [2, 'Pending'],
      [1, 'Accepted'],
    ]);

    // A refresh (the channel resubscribed) answering with a list read before a later event keeps the event.
    served = [
      at(3, 'Accepted', '2025-01-03T12:00:00.000Z'),
      at(2, 'Pending', '2025-01-02T10:00:00.000Z'),
      at(1, 'Accepted', '2025-01-05T10:00:00.000Z'),
    ];
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(held).toHaveLength(2));
    act(() => bus.emit({ type: 'job/updated', job: at(2, 'Rejected', '2025-01-06T10:00:00.000Z') }));
    await releaseAll();
    await waitFor(() =>
      expect(statuses()).toEqual([
        [3, 'Accepted'],
        [2, 'Rejected'],
        [1, 'Accepted'],
      ]),
    );
  });

  it('a refresh answered while the first load is on its way (the channel subscribed during the loader) is not lost', async () => {
    const at = (id: number, status: JobStatus, updated: string) => ({ ...job(id, status), updated_at: updated });
    let served = [at(1, 'Accepted', '2025-01-01T10:00:00.000Z')];
    const held: Array<() => void> = [];
    let holding = true;
    mockedFetchJobs.mockImplementation(() => {
      const list = served;
      if (!holding) return Promise.resolve({ data: list, message: '' });
      return new Promise((resolve) => held.push(() => resolve({ data: list, message: '' })));
    });
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(held).toHaveLength(2));
    // A customer books before the channel is subscribed: no event; the refresh on subscribing reads it.
    served = [at(2, 'Pending', '2025-01-02T10:00:00.000Z'), at(1, 'Accepted', '2025-01-01T10:00:00.000Z')];
    holding = false;
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.state).toEqual({ status: 'loading' });
    // The first load answers last, with what it read before the booking.
    await act(async () => {
      held.splice(0).forEach((release) => release());
      await Promise.resolve();
    });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect(result.current.state.status === 'ready' && result.current.state.jobs.map((j) => [j.id, j.status])).toEqual([
      [2, 'Pending'],
      [1, 'Accepted'],
    ]);
  });

  it('keeps the waiting and accepted jobs that 100 newer ones push off the first page', async () => {
    const older = [job(2, 'Accepted'), job(1, 'Pending')];
    const newer = Array.from({ length: 105 }, (_, i) => ({
      ...job(3 + i, 'Rejected'),
      created_at: `2025-02-01T10:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
    }));
    newer.sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
    serve(() => [...newer, ...older]);
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const shown = result.current.state.status === 'ready' ? result.current.state.jobs : [];
    expect(shown.filter((j) => j.status !== 'Rejected').map((j) => j.id)).toEqual([2, 1]);
    expect(shown.filter((j) => j.status === 'Rejected')).toHaveLength(100);
    expect(new Set(shown.map((j) => j.id)).size).toBe(shown.length);
  });

  it('keeps every waiting and accepted job, also past the first 100 of them', async () => {
    const open = Array.from({ length: 230 }, (_, i) => ({
      ...job(1 + i, i % 2 ? 'Accepted' : 'Pending'),
      created_at: new Date(Date.UTC(2025, 0, 1) + (230 - i) * 60_000).toISOString(),
    }));
    serve(() => open);
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const shown = result.current.state.status === 'ready' ? result.current.state.jobs : [];
    expect(shown.map((j) => j.id)).toEqual(open.map((j) => j.id));
    expect(mockedFetchJobs.mock.calls.map(([params]) => params)).toEqual([
      { per_page: 100 },
      { per_page: 100, status: ['Pending', 'Accepted'] },
      { per_page: 100, status: ['Pending', 'Accepted'], starting_after: 100 },
      { per_page: 100, status: ['Pending', 'Accepted'], starting_after: 200 },
    ]);
  });

  it('misses no open job when one of the first page is finished before the next page is read', async () => {
    const open = Array.from({ length: 150 }, (_, i) => ({
      ...job(1 + i, 'Accepted'),
      created_at: new Date(Date.UTC(2025, 0, 1) + (150 - i) * 60_000).toISOString(),
    }));
    serve(() => open);
    // The provider finishes the newest job in another tab just after the first page of open jobs is read.
    const firstPage = mockedFetchJobs.getMockImplementation()!;
    mockedFetchJobs.mockImplementation(async (params, config) => {
      const answer = await firstPage(params, config);
      if (params?.status && !params.starting_after) open[0] = { ...open[0], status: 'Completed' };
      return answer;
    });
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const shown = result.current.state.status === 'ready' ? result.current.state.jobs : [];
    expect(shown.map((j) => j.id)).toEqual(open.map((j) => j.id));
  });

  it('says what failed when the jobs cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedFetchJobs.mockRejectedValueOnce(new Error('offline'));
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error', message: NO_CONNECTION_MESSAGE }));
  });

  it('a list that could not be loaded comes back by itself when the realtime channel subscribes and the server answers', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    mockedFetchJobs.mockImplementation(async () => {
      if (down) throw new ApiError('The server is busy. Please try again.', 503);
      return { data: [job(1, 'Pending')], message: '' };
    });
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    down = false;
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', jobs: [job(1, 'Pending')] }));
    jest.restoreAllMocks();
  });
});
