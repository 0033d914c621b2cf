import { act, render, screen } from '@testing-library/react';
import { bus } from 'shared';
import { BACK_ONLINE_MESSAGE, BACK_ONLINE_MS, ConnectionNotice, OFFLINE_MESSAGE } from './ConnectionNotice';

/** What the browser does when the network goes or comes back. */
function network(online: boolean) {
  act(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const notice = () => screen.getByRole('status', { name: 'Connection' });

beforeEach(() => {
  jest.useFakeTimers();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the connection notice', () => {
  it('says nothing while connected', () => {
    render(<ConnectionNotice />);
    expect(notice()).toBeEmptyDOMElement();
  });

  it('says so when the browser goes offline, and "Back online." for a moment when it is back', () => {
    render(<ConnectionNotice />);
    network(false);
    expect(notice()).toHaveTextContent(OFFLINE_MESSAGE);
    network(true);
    expect(notice()).toHaveTextContent(BACK_ONLINE_MESSAGE);
    act(() => jest.advanceTimersByTime(BACK_ONLINE_MS));
    expect(notice()).toBeEmptyDOMElement();
  });

  it('starts offline when the page opens without a connection', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    render(<ConnectionNotice />);
    expect(notice()).toHaveTextContent(OFFLINE_MESSAGE);
  });

  it('says offline when the realtime server cannot be reached although the browser is online (signal, no data)', () => {
    render(<ConnectionNotice />);
    act(() => bus.emit({ type: 'realtime/state', state: 'connecting' }));
    expect(notice()).toBeEmptyDOMElement();
    act(() => bus.emit({ type: 'realtime/state', state: 'unavailable' }));
    expect(notice()).toHaveTextContent(OFFLINE_MESSAGE);
    act(() => bus.emit({ type: 'realtime/state', state: 'connected' }));
    expect(notice()).toHaveTextContent(BACK_ONLINE_MESSAGE);
  });

  it('a signed-out closing of the realtime connection is not being offline', () => {
    render(<ConnectionNotice />);
    act(() => bus.emit({ type: 'realtime/state', state: 'unavailable' }));
    act(() => bus.emit({ type: 'realtime/state', state: 'disconnected' }));
    expect(notice()).not.toHaveTextContent(OFFLINE_MESSAGE);
  });

  it('stays while either is still cut off', () => {
    render(<ConnectionNotice />);
    network(false);
    act(() => bus.emit({ type: 'realtime/state', state: 'unavailable' }));
    network(true);
    expect(notice()).toHaveTextContent(OFFLINE_MESSAGE);
    act(() => bus.emit({ type: 'realtime/state', state: 'connected' }));
    expect(notice()).toHaveTextContent(BACK_ONLINE_MESSAGE);
  });
});
