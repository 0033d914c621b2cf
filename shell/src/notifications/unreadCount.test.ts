import { act, renderHook } from '@testing-library/react';
import { answerUnreadCount, askUnreadCount, forgetUnreadCount, useUnreadCount } from './unreadCount';

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
