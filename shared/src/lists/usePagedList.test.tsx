import { act, renderHook, waitFor } from '@testing-library/react';
import type { PagedEnvelope } from '../contracts';
import { usePagedList, type PagedListOptions } from './usePagedList';

interface Item {
  id: number;
}

const items = (newest: number, oldest: number): Item[] =>
  Array.from({ length: newest - oldest + 1 }, (_, i) => ({ id: newest - i }));
const ids = (rows: Item[]) => rows.map((r) => r.id);

/** The API over `server.rows` (newest first): pages of `pageSize` with `meta.has_more`. */
function fakeServer(rows: Item[]) {
  const server = {
    rows,
    fetchPage: jest.fn((page: number, pageSize: number): Promise<PagedEnvelope<Item[]>> => {
      const data = server.rows.slice((page - 1) * pageSize, page * pageSize);
      return Promise.resolve({
        data,
        message: '',
        meta: { page, per_page: pageSize, has_more: server.rows.length > page * pageSize },
      });
    }),
  };
  return server;
}

/** A call that answers when the test says. */
function pending<T>() {
  let answer: (value: T) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

const render = (options: PagedListOptions<Item>) => renderHook(() => usePagedList<Item>(options));

describe('usePagedList', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the first page, appends older pages with loadMore, each row once, and asks nothing once there is no more', async () => {
    const server = fakeServer(items(5, 1));
    const { result } = render({ fetchPage: server.fetchPage, pageSize: 2 });
    await waitFor(() => expect(result.current.state.loaded).toBe(true));
    expect(ids(result.current.state.rows)).toEqual([5, 4]);
    expect(result.current.state.hasMore).toBe(true);

    // One arrives: page 2 now repeats a row already shown.
    server.rows = items(6, 1);
    act(() => result.current.loadMore());
    expect(result.current.state.loadingMore).toBe(true);
    await waitFor(() => expect(result.current.state.page).toBe(2));
    expect(ids(result.current.state.rows)).toEqual([5, 4, 3]);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.state.hasMore).toBe(false));
    expect(ids(result.current.state.rows)).toEqual([5, 4, 3, 2, 1]);
    expect(result.current.state.loadingMore).toBe(false);
    act(() => result.current.loadMore());
    expect(server.fetchPage).toHaveBeenCalledTimes(3);
  });

  it('without meta, a full page means there may be more', async () => {
    const fetchPage = jest.fn(() => Promise.resolve({ data: items(4, 3), message: '' }));
    const { result } = render({ fetchPage, pageSize: 2 });
    await waitFor(() => expect(result.current.state.loaded).toBe(true));
    expect(result.current.state.hasMore).toBe(true);
  });

  it('shows the first page no sooner than minFirstLoadMs after the load began', async () => {
    jest.useFakeTimers();
    try {
      const server = fakeServer(items(2, 1));
      const { result } = render({ fetchPage: server.fetchPage, pageSize: 2, minFirstLoadMs: 800 });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(799);
      });
      expect(result.current.state.loaded).toBe(false);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(ids(result.current.state.rows)).toEqual([2, 1]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a fresh first page replaces a lone first page, and comes over the older pages once more were loaded', async () => {
    const server = fakeServer(items(4, 1));
    const { result } = render({ fetchPage: server.fetchPage, pageSize: 2 });
    await waitFor(() => expect(result.current.state.loaded).toBe(true));

    server.rows = items(5, 1);
    await act(() => result.current.loadFirst());
    expect(ids(result.current.state.rows)).toEqual([5, 4]);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.state.page).toBe(2));
    expect(ids(result.current.state.rows)).toEqual([5, 4, 3, 2]);
    server.rows = items(6, 1);
    await act(() => result.current.loadFirst());
    expect(ids(result.current.state.rows)).toEqual([6, 5, 4, 3, 2]);
    expect(result.current.state.page).toBe(2);
  });

  it('applies only the newest first-page answer', async () => {
    const first = pending<PagedEnvelope<Item[]>>();
    const second = pending<PagedEnvelope<Item[]>>();
    const fetchPage = jest.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { result } = render({ fetchPage, pageSize: 2 });
    act(() => void result.current.loadFirst());
    await act(async () => second.answer({ data: items(2, 2), message: '' }));
    await act(async () => first.answer({ data: items(1, 1), message: '' }));
    expect(ids(result.current.state.rows)).toEqual([2]);
  });

  it('a failed first page is the error, and Retry asks again', async () => {
    const server = fakeServer(items(2, 1));
    server.fetchPage.mockRejectedValueOnce(new Error('offline'));
    const { result } = render({ fetchPage: server.fetchPage, pageSize: 2 });
    await waitFor(() => expect(result.current.state.error).toEqual({ message: 'offline', retry: 'first' }));
    expect(console.error).toHaveBeenCalled();
    act(() => result.current.retry());
    expect(result.current.state.error).toBeNull();
    await waitFor(() => expect(ids(result.current.state.rows)).toEqual([2, 1]));
  });

  it('a failed older page is the error, the rows shown stay, and Retry asks for that page again', async () => {
    const server = fakeServer(items(3, 1));
    const { result } = render({ fetchPage: server.fetchPage, pageSize: 2 });
    await waitFor(() => expect(result.current.state.loaded).toBe(true));
    server.fetchPage.mockRejectedValueOnce(new Error('offline'));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.state.error).toEqual({ message: 'offline', retry: 'more' }));
    expect(result.current.state.loadingMore).toBe(false);
    expect(ids(result.current.state.rows)).toEqual([3, 2]);
    act(() => result.current.retry());
    await waitFor(() => expect(ids(result.current.state.rows)).toEqual([3, 2, 1]));
    expect(server.fetchPage).toHaveBeenLastCalledWith(2, 2);
    expect(result.current.state.error).toBeNull();
  });

  it('by default a failed refresh of the list shown keeps it, and Load more, as refreshError; retryRefresh asks again', async () => {
    const server = fakeServer(items(3, 1));
    const { result } = render({ fetchPage: server.fetchPage, pageSize: 2 });
    await waitFor(() => expect(result.current.state.loaded).toBe(true));
    server.fetchPage.mockRejectedValueOnce(new Error('offline'));
    await act(() => result.current.loadFirst());
    expect(result.current.state).toMatchObject({ refreshError: 'offline', error: null, hasMore: true, page: 1 });
    expect(ids(result.current.state.rows)).toEqual([3, 2]);

    server.rows = items(4, 1);
    act(() => result.current.retryRefresh());
    expect(result.current.state.refreshError).toBeNull();
    await waitFor(() => expect(ids(result.current.state.rows)).toEqual([4, 3]));
    expect(server.fetchPage).toHaveBeenLastCalledWith(1, 2);
  });

  it('a failed refresh is told apart from a failed older page, and stays until a first page comes', async () => {
    const server = fakeServer(items(5, 1));
    const { result } = render({ fetchPage: server.fetchPage, pageSize: 2 });
    await waitFor(() => expect(result.current.state.loaded).toBe(true));
    server.fetchPage.mockRejectedValueOnce(new Error('refresh failed'));
    await act(() => result.current.loadFirst());

    // An older page comes: the newest may still be missing.
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.state.page).toBe(2));
    expect(result.current.state).toMatchObject({ refreshError: 'refresh failed', error: null });

    server.fetchPage.mockRejectedValueOnce(new Error('more failed'));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.state.error).toEqual({ message: 'more failed', retry: 'more' }));
    expect(result.current.state.refreshError).toBe('refresh failed');

    await act(() => result.current.loadFirst());
    expect(result.current.state.refreshError).toBeNull();
    expect(ids(result.current.state.rows)).toEqual([5, 4, 3, 2]);
  });

  it('a first page that fails while none is shown is the error, however the load was asked for', async () => {
    const server = fakeServer(items(2, 1));
    server.fetchPage.mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('still offline'));
    const { result } = render({ fetchPage: server.fetchPage, pageSize: 2 });
    await waitFor(() => expect(result.current.state.error).not.toBeNull());
    await act(() => result.current.loadFirst());
    expect(result.current.state).toMatchObject({
      loaded: false,
      error: { message: 'still offline', retry: 'first' },
      refreshError: null,
    });
  });

  it('shows a first page known without asking, over any first-page answer still on its way', async () => {
    const late = pending<PagedEnvelope<Item[]>>();
    const fetchPage = jest.fn().mockReturnValueOnce(late.promise);
    const { result } = render({ fetchPage, pageSize: 2 });
    await act(() => result.current.loadFirst({ data: items(7, 6), message: '' }));
    expect(ids(result.current.state.rows)).toEqual([7, 6]);
    expect(result.current.state.hasMore).toBe(true);
    await act(async () => late.answer({ data: items(5, 4), message: '' }));
    expect(ids(result.current.state.rows)).toEqual([7, 6]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('tells onPageShown each page shown, with its number, and not an answer dropped or come after unmount', async () => {
    const server = fakeServer(items(3, 1));
    const onPageShown = jest.fn();
    const { result, unmount } = render({ fetchPage: server.fetchPage, pageSize: 2, onPageShown });
    await waitFor(() => expect(onPageShown).toHaveBeenCalledWith(items(3, 2), 1));
    act(() => result.current.loadMore());
    await waitFor(() => expect(onPageShown).toHaveBeenLastCalledWith(items(1, 1), 2));

    const dropped = pending<PagedEnvelope<Item[]>>();
    server.fetchPage.mockReturnValueOnce(dropped.promise);
    act(() => void result.current.loadFirst());
    await act(() => result.current.loadFirst({ data: items(4, 3), message: '' }));
    expect(onPageShown).toHaveBeenLastCalledWith(items(4, 3), 1);
    await act(async () => dropped.answer({ data: items(9, 8), message: '' }));

    const afterUnmount = pending<PagedEnvelope<Item[]>>();
    server.fetchPage.mockReturnValueOnce(afterUnmount.promise);
    act(() => void result.current.loadFirst());
    unmount();
    await act(async () => afterUnmount.answer({ data: items(10, 10), message: '' }));
    expect(onPageShown.mock.calls).toEqual([
      [items(3, 2), 1],
      [items(1, 1), 2],
      [items(4, 3), 1],
    ]);
  });

  describe('keepShown', () => {
    it('a fresh first page comes over a lone first page without taking any row shown away', async () => {
      const server = fakeServer(items(2, 1));
      const { result } = render({ fetchPage: server.fetchPage, pageSize: 2, keepShown: true });
      await waitFor(() => expect(result.current.state.loaded).toBe(true));
      expect(result.current.state.hasMore).toBe(false);
      server.rows = items(3, 1);
      await act(() => result.current.loadFirst());
      expect(ids(result.current.state.rows)).toEqual([3, 2, 1]);
      expect(result.current.state.hasMore).toBe(false);
    });

    it('a failed refresh of the list shown is only logged; a failed first load is the error', async () => {
      const server = fakeServer(items(2, 1));
      server.fetchPage.mockRejectedValueOnce(new Error('offline'));
      const { result } = render({ fetchPage: server.fetchPage, pageSize: 2, keepShown: true });
      await waitFor(() => expect(result.current.state.error).toEqual({ message: 'offline', retry: 'first' }));
      act(() => result.current.retry());
      await waitFor(() => expect(result.current.state.loaded).toBe(true));

      server.fetchPage.mockRejectedValueOnce(new Error('offline'));
      await act(() => result.current.loadFirst());
      expect(console.error).toHaveBeenCalledTimes(2);
      expect(result.current.state.error).toBeNull();
      expect(ids(result.current.state.rows)).toEqual([2, 1]);
    });

    it('an error stays while a refresh is on its way, and goes when a first page comes', async () => {
      const server = fakeServer(items(3, 1));
      const { result } = render({ fetchPage: server.fetchPage, pageSize: 2, keepShown: true });
      await waitFor(() => expect(result.current.state.loaded).toBe(true));
      server.fetchPage.mockRejectedValueOnce(new Error('offline'));
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.state.error).toEqual({ message: 'offline', retry: 'more' }));

      const refresh = pending<PagedEnvelope<Item[]>>();
      server.fetchPage.mockReturnValueOnce(refresh.promise);
      act(() => void result.current.loadFirst());
      expect(result.current.state.error).toEqual({ message: 'offline', retry: 'more' });
      await act(async () => refresh.answer({ data: items(3, 2), message: '', meta: { page: 1, per_page: 2, has_more: true } }));
      expect(result.current.state.error).toBeNull();
      expect(ids(result.current.state.rows)).toEqual([3, 2]);
    });
  });
});
