import { act, renderHook, waitFor } from '@testing-library/react';
import { fetchJob } from '../api';
import { bus } from '../bus';
import type { Job, JobStatus } from '../contracts';
import { useJob } from './useJob';

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

  it('keeps the job on screen when that quiet fetch fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedFetchJob.mockResolvedValueOnce({ data: job(7, 'Accepted'), message: '' });
    const { result } = renderHook(() => useJob(7));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    mockedFetchJob.mockRejectedValueOnce(new Error('offline'));
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(mockedFetchJob).toHaveBeenCalledTimes(2));
    await act(async () => undefined);
    expect(result.current.state).toEqual({ status: 'ready', job: job(7, 'Accepted') });
  });
});
