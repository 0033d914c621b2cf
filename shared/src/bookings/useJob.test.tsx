import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError, fetchJob } from '../api';
import { bus } from '../bus';
import { NO_CONNECTION_MESSAGE } from '../errorText';
import type { Job, JobStatus } from '../contracts';
import { JOB_NOT_YOURS, useJob } from './useJob';

jest.mock('../api', () => ({ ...jest.requireActual<typeof import('../api')>('../api'), fetchJob: jest.fn() }));
const mockedFetchJob = fetchJob as jest.MockedFunction<typeof fetchJob>;

const job = (id: number, status: JobStatus): Job => ({ id, status, service_name: 'Driver' }) as unknown as Job;

describe('useJob', () => {
  afterEach(() => mockedFetchJob.mockReset());

  it('loads the job, takes job/updated live, and fetches it again when the realtime channel resubscribes', async () => {
    mockedFetchJob.mockResolvedValueOnce({ data: job(7, 'Pending'), message: '' });
    const { result } = renderHook(() => useJob(7));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', job: job(7, 'Pending') }));

    act(() => bus.emit({ type: 'job/updated', job: job(8, 'Accepted') }));
    expect(result.current.state).toEqual({ status: 'ready', job: job(7, 'Pending') });
    act(() => bus.emit({ type: 'job/updated', job: job(7, 'Accepted') }));
    expect(result.current.state).toEqual({ status: 'ready', job: job(7, 'Accepted') });

    // Completed while the channel was connecting: no live event, the resubscribe fetches it.
    mockedFetchJob.mockResolvedValueOnce({ data: job(7, 'Completed'), message: '' });
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', job: job(7, 'Completed') }));
    expect(mockedFetchJob).toHaveBeenLastCalledWith(7, { silent: true });
  });

  it('a change that arrives while the job is loading is not undone by the answer, read before it', async () => {
    const at = (status: JobStatus, updated: string) => ({ ...job(7, status), updated_at: updated });
    let answer: () => void = () => undefined;
    mockedFetchJob.mockImplementationOnce(
      () => new Promise((resolve) => (answer = () => resolve({ data: at('Pending', '2025-01-01T10:00:00.000Z'), message: '' }))),
    );
    const { result } = renderHook(() => useJob(7));
    await waitFor(() => expect(mockedFetchJob).toHaveBeenCalledTimes(1));
    act(() => bus.emit({ type: 'job/updated', job: at('Accepted', '2025-01-01T10:05:00.000Z') }));
    await act(async () => {
      answer();
      await Promise.resolve();
    });
    expect(result.current.state).toEqual({ status: 'ready', job: at('Accepted', '2025-01-01T10:05:00.000Z') });
  });

  it('keeps the job on screen when that quiet fetch fails, and says why', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedFetchJob.mockResolvedValueOnce({ data: job(7, 'Accepted'), message: '' });
    const { result } = renderHook(() => useJob(7));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    mockedFetchJob.mockRejectedValueOnce(new Error('offline'));
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(mockedFetchJob).toHaveBeenCalledTimes(2));
    await act(async () => undefined);
    expect(result.current.state).toEqual({ status: 'ready', job: job(7, 'Accepted') });
    // ... and says why, until Retry (refresh) or the job's next live event brings it as it is.
    await waitFor(() => expect(result.current.refreshError).toBe(NO_CONNECTION_MESSAGE));
    // Retry while still offline: the message goes at once (the press shows) and comes back with the failure.
    mockedFetchJob.mockRejectedValueOnce(new Error('offline'));
    act(() => result.current.refresh());
    expect(result.current.refreshError).toBeNull();
    await waitFor(() => expect(result.current.refreshError).toBe(NO_CONNECTION_MESSAGE));

    mockedFetchJob.mockResolvedValueOnce({ data: job(7, 'Completed'), message: '' });
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', job: job(7, 'Completed') }));
    expect(result.current.refreshError).toBeNull();

    mockedFetchJob.mockRejectedValueOnce(new Error('offline'));
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(result.current.refreshError).toBe(NO_CONNECTION_MESSAGE));
    act(() => bus.emit({ type: 'job/updated', job: job(7, 'Completed') }));
    expect(result.current.refreshError).toBeNull();
  });

  it("a job gone, or no longer the user's, when fetched again says so instead of a refresh error that never clears", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedFetchJob.mockResolvedValueOnce({ data: job(7, 'Accepted'), message: '' });
    const { result } = renderHook(() => useJob(7));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    mockedFetchJob.mockRejectedValueOnce(new ApiError('This action is unauthorized.', 403));
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'missing', message: JOB_NOT_YOURS }));
    expect(result.current.refreshError).toBeNull();
  });
});
