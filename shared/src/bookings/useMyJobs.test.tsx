import { act, renderHook, waitFor } from '@testing-library/react';
import { fetchJobs } from '../api';
import { bus } from '../bus';
import type { Job, JobStatus } from '../contracts';
import { useMyJobs } from './useMyJobs';

jest.mock('../api', () => ({ ...jest.requireActual<typeof import('../api')>('../api'), fetchJobs: jest.fn() }));
const mockedFetchJobs = fetchJobs as jest.MockedFunction<typeof fetchJobs>;

const job = (id: number, status: JobStatus): Job =>
  ({ id, status, created_at: `2025-01-0${id}T10:00:00.000Z`, service_name: 'Driver' }) as unknown as Job;

describe('useMyJobs', () => {
  afterEach(() => mockedFetchJobs.mockReset());

  it('loads the jobs, merges a job/updated live, and fetches again when the realtime channel resubscribes', async () => {
    mockedFetchJobs.mockResolvedValueOnce({ data: [job(1, 'Pending')], message: '' });
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));

    act(() => bus.emit({ type: 'job/updated', job: job(1, 'Accepted') }));
    expect(result.current.state).toEqual({ status: 'ready', jobs: [job(1, 'Accepted')] });

    mockedFetchJobs.mockResolvedValueOnce({ data: [job(2, 'Pending'), job(1, 'Accepted')], message: '' });
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', jobs: [job(2, 'Pending'), job(1, 'Accepted')] }));
    expect(mockedFetchJobs).toHaveBeenLastCalledWith({ per_page: 100 }, { silent: true });
  });

  it('says what failed when the jobs cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedFetchJobs.mockRejectedValueOnce(new Error('offline'));
    const { result } = renderHook(() => useMyJobs());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error', message: 'Network Error' }));
  });
});
