import { act, cleanup, render, screen } from '@testing-library/react';
import { bus } from 'shared';
import { configureLocationSharing, stopLocationSharing, UNSUPPORTED_MESSAGE } from 'shared/src/location';
import { fakeLocationBackend } from 'shared/src/location/testing';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import { TopBar } from '../layout/TopBar';
import { startProviderSharing } from '../session/providerLocationSharing';
import { loadShellStyles } from '../testing/shellStyles';
import { BACK_ONLINE_MESSAGE, BACK_ONLINE_MS, ConnectionNotice, LIVE_PAUSED_MESSAGE, OFFLINE_MESSAGE } from './ConnectionNotice';

/** What the browser does when the network goes or comes back. */
function network(online: boolean) {
  act(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const notice = () => screen.getByRole('status', { name: 'Connection' });

/** What the app's screens read as the height of the bars at the bottom (#root's, in styles.css). */
function rootNoticeBarHeight(): string {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  const value = getComputedStyle(root).getPropertyValue('--notice-bar-height').trim();
  root.remove();
  return value;
}

beforeEach(() => {
  jest.useFakeTimers();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
  jest.restoreAllMocks();
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

  it('only live updates cut off (the API answers, the realtime server does not): one steady word, no "offline", no "Back online."', () => {
    render(<ConnectionNotice />);
    act(() => bus.emit({ type: 'realtime/state', state: 'unavailable' }));
    act(() => bus.emit({ type: 'realtime/apiReachable', reachable: true }));
    expect(notice()).toHaveTextContent(LIVE_PAUSED_MESSAGE);
    // The connection tries again and gives up again, while the API still answers: the word stays as it is.
    for (let attempt = 0; attempt < 3; attempt++) {
      act(() => bus.emit({ type: 'realtime/state', state: 'connecting' }));
      expect(notice()).toHaveTextContent(LIVE_PAUSED_MESSAGE);
      act(() => bus.emit({ type: 'realtime/state', state: 'unavailable' }));
      act(() => bus.emit({ type: 'realtime/apiReachable', reachable: true }));
      expect(notice()).toHaveTextContent(LIVE_PAUSED_MESSAGE);
    }
    // The API stops answering too: offline.
    act(() => bus.emit({ type: 'realtime/apiReachable', reachable: false }));
    expect(notice()).toHaveTextContent(OFFLINE_MESSAGE);
    act(() => bus.emit({ type: 'realtime/apiReachable', reachable: true }));
    expect(notice()).toHaveTextContent(LIVE_PAUSED_MESSAGE);
    // Live updates are back: the word goes, with nothing more to say.
    act(() => bus.emit({ type: 'realtime/state', state: 'connected' }));
    expect(notice()).toBeEmptyDOMElement();
    // A later outage starts from not knowing whether the API answers: offline until it is asked.
    act(() => bus.emit({ type: 'realtime/state', state: 'unavailable' }));
    expect(notice()).toHaveTextContent(OFFLINE_MESSAGE);
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

  it('while it shows, the page has room for it below its end (the chat and the layout end above it), so it covers no control', () => {
    const removeStyles = loadShellStyles();
    const height = jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(80);
    render(<ConnectionNotice />);
    const html = document.documentElement;
    expect(html.style.getPropertyValue('--connection-notice-height')).toBe('');
    network(false);
    expect(html.style.getPropertyValue('--connection-notice-height')).toBe('80px');
    // styles.css: that much room below the page's end, and the screens sized to the window end above it.
    expect(getComputedStyle(html).paddingBottom).toBe('var(--connection-notice-height, 0px)');
    expect(rootNoticeBarHeight()).toMatch(/var\(--connection-notice-height, 0px\)/);
    // "Back online." is one line: the room follows.
    height.mockReturnValue(40);
    network(true);
    expect(html.style.getPropertyValue('--connection-notice-height')).toBe('40px');
    act(() => jest.advanceTimersByTime(BACK_ONLINE_MS));
    expect(html.style.getPropertyValue('--connection-notice-height')).toBe('');
    removeStyles();
  });

  it("on a provider's location notice: room for both, the offline bar just above the location notice", async () => {
    const removeStyles = loadShellStyles();
    const height = jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get');
    configureLocationSharing({ geolocation: null, backend: fakeLocationBackend(), locks: null });
    height.mockReturnValue(120);
    renderWithProviders(<TopBar menuOpen onToggleMenu={() => undefined} />, { session: signedInAs('Provider', { id: 20 }) });
    await act(() => startProviderSharing({ userId: 20, role: 'Provider', token: 'tok' }));
    expect(screen.getByRole('status', { name: 'Location notice' })).toHaveTextContent(UNSUPPORTED_MESSAGE);
    height.mockReturnValue(80);
    render(<ConnectionNotice />);
    network(false);
    expect(document.body.style.paddingBottom).toBe('120px');
    expect(document.body.style.getPropertyValue('--location-notice-height')).toBe('120px');
    expect(document.documentElement.style.getPropertyValue('--connection-notice-height')).toBe('80px');
    expect(rootNoticeBarHeight()).toBe('calc(var(--location-notice-height, 0px) + var(--connection-notice-height, 0px))');
    expect(getComputedStyle(notice()).bottom).toBe('var(--location-notice-height, 0px)');
    act(() => stopLocationSharing());
    configureLocationSharing({});
    expect(document.body.style.getPropertyValue('--location-notice-height')).toBe('');
    removeStyles();
  });
});
