import { act, renderHook, waitFor } from '@testing-library/react';
import { bus } from 'shared';
import { useLoad } from './useLoad';

/** A load whose answers the test gives, in any order. */
function controlledLoad() {
  const pending: Array<(value: string) => void> = [];
  const load = () => new Promise<string>((resolve) => pending.push(resolve));
  const answer = async (index: number, value: string) => {
    await act(async () => {
      pending[index](value);
      await Promise.resolve();
    });
  };
  return { load, answer };
}

describe('useLoad', () => {
  it('shows loading, then the data; a refresh keeps the data shown until its answer replaces it', async () => {
    const { load, answer } = controlledLoad();
    const { result } = renderHook(() => useLoad(load));
    expect(result.current.state).toEqual({ status: 'loading' });
    await answer(0, 'two cards');
    expect(result.current.state).toEqual({ status: 'ready', data: 'two cards' });
    act(() => result.current.refresh());
    expect(result.current.state).toEqual({ status: 'ready', data: 'two cards' });
    await answer(1, 'one card');
    expect(result.current.state).toEqual({ status: 'ready', data: 'one card' });
  });

  it('of two refreshes, the later one counts even when the earlier answers last', async () => {
    const { load, answer } = controlledLoad();
    const { result } = renderHook(() => useLoad(load));
    await answer(0, 'cards A and B');
    act(() => result.current.refresh()); // card B removed
    act(() => result.current.refresh()); // then card A made the default
    await answer(2, 'card A, default');
    await answer(1, 'cards A and B, read before the removal');
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'card A, default' }));
  });

  it('a failed load is read again once the server is back (the API answers again, or the channel subscribes again); a loaded one is not', async () => {
    let calls = 0;
    let failing = true;
    const load = () => {
      calls += 1;
      return failing ? Promise.reject(new Error('The server cannot be reached.')) : Promise.resolve('bookings');
    };
    const { result } = renderHook(() => useLoad(load));
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    failing = false;
    act(() => bus.emit({ type: 'api/back' }));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'bookings' }));
    expect(calls).toBe(2);
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    expect(calls).toBe(2);
  });
});
