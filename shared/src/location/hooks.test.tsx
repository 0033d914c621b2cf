import { act, renderHook, waitFor } from '@testing-library/react';
import { setLocationBackend } from './backend';
import { FOLLOW_FIRST_ANSWER_MS, useBrowserPosition, useProviderLocation } from './hooks';
import { fakeGeolocation, fakeLocationBackend, type FakeLocationBackend } from './testing';

describe('useProviderLocation (the customer follows the provider)', () => {
  let backend: FakeLocationBackend;
  beforeEach(() => {
    backend = fakeLocationBackend({ uid: '10' });
    setLocationBackend(backend);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    setLocationBackend(null);
    jest.restoreAllMocks();
  });

  it('connects, waits for a first position, then follows every change live', async () => {
    const { result } = renderHook(() => useProviderLocation(20));
    expect(result.current.status).toBe('connecting');
    await waitFor(() => expect(result.current.status).toBe('waiting'));
    act(() => backend.emit(20, { lat: 12.9716, lng: 77.5946, updatedAt: 1000 }));
    expect(result.current).toEqual({ status: 'live', position: { lat: 12.9716, lng: 77.5946, updatedAt: 1000 } });
    act(() => backend.emit(20, { lat: 12.98, lng: 77.6, updatedAt: 3000 }));
    expect(result.current).toEqual({ status: 'live', position: { lat: 12.98, lng: 77.6, updatedAt: 3000 } });
  });

  it('says denied when the database refuses (no Accepted job links them)', async () => {
    backend.deny(20);
    const { result } = renderHook(() => useProviderLocation(20));
    await waitFor(() => expect(result.current.status).toBe('denied'));
  });

  it('says so when the location service cannot be reached', async () => {
    backend.failConnect();
    const { result } = renderHook(() => useProviderLocation(20));
    await waitFor(() => expect(result.current.status).toBe('error'));
  });

  it('says so when the database never answers (its socket blocked), and still shows a position that comes after', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    try {
      backend.silence(20);
      const { result } = renderHook(() => useProviderLocation(20));
      await act(async () => jest.advanceTimersByTime(FOLLOW_FIRST_ANSWER_MS - 1));
      expect(result.current.status).toBe('connecting');
      await act(async () => jest.advanceTimersByTime(1));
      expect(result.current).toEqual({ status: 'error', message: 'The location service cannot be reached right now.' });
      act(() => backend.emit(20, { lat: 12.97, lng: 77.59, updatedAt: 1000 }));
      expect(result.current).toEqual({ status: 'live', position: { lat: 12.97, lng: 77.59, updatedAt: 1000 } });
    } finally {
      jest.useRealTimers();
    }
  });

  it('a follow that answered is not turned into an error by the time limit', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    try {
      const { result } = renderHook(() => useProviderLocation(20));
      await act(async () => jest.advanceTimersByTime(FOLLOW_FIRST_ANSWER_MS * 2));
      expect(result.current.status).toBe('waiting');
    } finally {
      jest.useRealTimers();
    }
  });

  it('does nothing while not enabled, and stops listening and closes its connection when unmounted', async () => {
    const { result, rerender, unmount } = renderHook(({ enabled }) => useProviderLocation(20, { enabled }), {
      initialProps: { enabled: false },
    });
    expect(result.current.status).toBe('idle');
    expect(backend.connections).toHaveLength(0);
    rerender({ enabled: true });
    await waitFor(() => expect(backend.listeners(20)).toBe(1));
    unmount();
    expect(backend.listeners(20)).toBe(0);
    await waitFor(() => expect(backend.connections[0].closed).toBe(true));
  });

  it('opens a new connection (a fresh token) when the renew key changes, closing the old one', async () => {
    const { rerender } = renderHook(({ key }) => useProviderLocation(20, { renewKey: key }), {
      initialProps: { key: 'Pending' },
    });
    await waitFor(() => expect(backend.connections).toHaveLength(1));
    rerender({ key: 'Accepted' });
    await waitFor(() => expect(backend.connections).toHaveLength(2));
    expect(backend.connections[0].closed).toBe(true);
    expect(backend.listeners(20)).toBe(1);
  });
});

describe('useBrowserPosition (the customer pin, shown only)', () => {
  it('follows the device while enabled and stops after', () => {
    const geo = fakeGeolocation();
    const { result, unmount } = renderHook(() => useBrowserPosition(true, geo));
    expect(result.current.status).toBe('starting');
    act(() => geo.move(12.97, 77.59));
    expect(result.current).toEqual({ status: 'active', position: { lat: 12.97, lng: 77.59 } });
    unmount();
    expect(geo.activeWatches).toBe(0);
  });

  it('denied: says so, keeps no watch', () => {
    const geo = fakeGeolocation();
    const { result } = renderHook(() => useBrowserPosition(true, geo));
    act(() => geo.fail(1));
    expect(result.current).toEqual({ status: 'denied', position: null });
    expect(geo.activeWatches).toBe(0);
  });
});

describe('useProviderLocation renews its token before it expires', () => {
  afterEach(() => {
    setLocationBackend(null);
    jest.useRealTimers();
  });

  it('opens a new connection 5 minutes before expiry, keeping the last position meanwhile', async () => {
    jest.useFakeTimers({ now: Date.UTC(2025, 5, 15, 12, 0, 0), doNotFake: ['queueMicrotask'] });
    const backend = fakeLocationBackend({ uid: '10', expiresAt: Date.UTC(2025, 5, 15, 13, 0, 0) });
    setLocationBackend(backend);
    backend.emit(20, { lat: 1, lng: 2, updatedAt: 5 });
    const { result } = renderHook(() => useProviderLocation(20));
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(result.current.status).toBe('live');
    expect(backend.connections).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(55 * 60_000 - 1);
    });
    expect(backend.connections).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(result.current.status).toBe('live');
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(backend.connections).toHaveLength(2);
    expect(backend.connections[0].closed).toBe(true);
    expect(backend.listeners(20)).toBe(1);
    expect(result.current).toEqual({ status: 'live', position: { lat: 1, lng: 2, updatedAt: 5 } });
  });
});
