import { act, renderHook } from '@testing-library/react';
import { answerUnreadCount, askUnreadCount, forgetUnreadCount, onUnreadCountStale, useUnreadCount } from './unreadCount';

describe('unreadCount', () => {
  // Before, not after: after a test its hook is still mounted (Testing Library unmounts it later).
  beforeEach(() => forgetUnreadCount());

  it('holds the newest count asked for: an answer overtaken by a later one is dropped', () => {
    const { result } = renderHook(() => useUnreadCount());
    expect(result.current).toBeNull();
    const early = askUnreadCount();
    const late = askUnreadCount();
    act(() => {
      expect(answerUnreadCount(late, 509)).toBe(true);
    });
    expect(result.current).toBe(509);
    act(() => {
      // Asked before the answer shown: not the count, and said so.
      expect(answerUnreadCount(early, 12)).toBe(false);
    });
    expect(result.current).toBe(509);
    act(() => {
      expect(answerUnreadCount(askUnreadCount(), undefined)).toBe(false);
    });
    expect(result.current).toBe(509);
  });

  it('a read asked while a mark-as-read is on its way is not the count, answered before it or after it', async () => {
    const { result } = renderHook(() => useUnreadCount());
    const stale = jest.fn();
    const stop = onUnreadCountStale(stale);
    act(() => {
      answerUnreadCount(askUnreadCount(), 2);
    });
    // The page marks the two read; meanwhile the realtime channel resubscribes and the list is read twice.
    const markRead = askUnreadCount(true);
    const readFirst = askUnreadCount();
    const readLast = askUnreadCount();
    // The server ran the first read before the mark-as-read (2), and it is answered first: not taken.
    act(() => {
      expect(answerUnreadCount(readFirst, 2)).toBe(false);
    });
    expect(result.current).toBe(2);
    // The mark-as-read's own answer is the count, though asked before that read.
    act(() => {
      expect(answerUnreadCount(markRead, 0)).toBe(true);
    });
    expect(result.current).toBe(0);
    // The other read, run before the mark-as-read but answered after it: not taken either.
    act(() => {
      expect(answerUnreadCount(readLast, 2)).toBe(false);
    });
    expect(result.current).toBe(0);
    // Once the mark-as-read has answered, the count is read again, once: something may have arrived meanwhile.
    await act(() => Promise.resolve());
    expect(stale).toHaveBeenCalledTimes(1);
    act(() => {
      expect(answerUnreadCount(askUnreadCount(), 1)).toBe(true);
    });
    expect(result.current).toBe(1);
    stop();
  });

  it('a mark-as-read with no read beside it asks for nothing more; one that fails leaves reads after it free', async () => {
    const stale = jest.fn();
    const stop = onUnreadCountStale(stale);
    const markRead = askUnreadCount(true);
    act(() => {
      answerUnreadCount(markRead, 0);
    });
    await act(() => Promise.resolve());
    expect(stale).not.toHaveBeenCalled();
    const failing = askUnreadCount(true);
    act(() => {
      answerUnreadCount(failing, undefined);
    });
    const { result } = renderHook(() => useUnreadCount());
    act(() => {
      expect(answerUnreadCount(askUnreadCount(), 4)).toBe(true);
    });
    expect(result.current).toBe(4);
    stop();
  });

  it('is unknown again after sign-out, and answers asked before it are dropped', () => {
    const { result } = renderHook(() => useUnreadCount());
    const before = askUnreadCount();
    act(() => forgetUnreadCount());
    act(() => {
      answerUnreadCount(before, 3);
    });
    expect(result.current).toBeNull();
    act(() => {
      answerUnreadCount(askUnreadCount(), 0);
    });
    expect(result.current).toBe(0);
  });
});
