import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ASK_MESSAGE,
  configureLocationSharing,
  DENIED_MESSAGE,
  SERVICE_ERROR_MESSAGE,
  stopLocationSharing,
  UNAVAILABLE_MESSAGE,
  UNSUPPORTED_MESSAGE,
} from 'shared/src/location';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import {
  fakeGeolocation,
  fakeLocationBackend,
  fakePermissions,
  type FakeGeolocation,
  type FakeLocationBackend,
} from 'shared/src/location/testing';
import { startProviderSharing } from '../session/providerLocationSharing';
import { TopBar, sharingIndicator, sharingNotice } from './TopBar';

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** jsdom has no matchMedia: a window whose media queries `matches` answers, for one test (deleted after it). */
function windowMatching(matches: (query: string) => boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
}

describe('the top bar tells a provider whether customers can follow them', () => {
  let geo: FakeGeolocation;
  let backend: FakeLocationBackend;

  beforeEach(() => {
    sessionStorage.clear(); // each test is a tab of its own
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    geo = fakeGeolocation();
    backend = fakeLocationBackend();
    configureLocationSharing({ geolocation: geo, backend, locks: null });
  });
  afterEach(() => {
    act(() => stopLocationSharing());
    configureLocationSharing({});
    jest.restoreAllMocks();
  });

  /** As the app starts: the bar, and a provider's sharing started by the shell (its module loaded then). */
  const renderBar = async (role: 'Provider' | 'Customer' = 'Provider') => {
    renderWithProviders(<TopBar menuOpen onToggleMenu={() => undefined} />, { session: signedInAs(role, { id: 20 }) });
    if (role === 'Provider') await act(() => startProviderSharing({ userId: 20, role, token: 'tok' }));
  };
  /** renderBar, answering the render (to unmount it, as a reload does). */
  const renderBarIn = async () => {
    const rendered = renderWithProviders(<TopBar menuOpen onToggleMenu={() => undefined} />, {
      session: signedInAs('Provider', { id: 20 }),
    });
    await act(() => startProviderSharing({ userId: 20, role: 'Provider', token: 'tok' }));
    return rendered;
  };
  const indicator = () => screen.getByRole('status', { name: 'Location sharing' });
  /** The state's mark, drawn by the stylesheet from this attribute. */
  const mark = () => indicator().querySelector('[data-mark]')?.getAttribute('data-mark');
  const notice = () => screen.queryByRole('status', { name: 'Location notice' });

  it('Locating… then Sharing location once the position is sent, with the time in its title', async () => {
    await renderBar();
    // Each state has a mark of its own shape (on a phone the mark stands alone; forced colours drop colours),
    // drawn by the stylesheet: the status's text is its words alone.
    expect(indicator()).toHaveTextContent(/^Locating…$/);
    expect(mark()).toBe('◌');
    await act(async () => {
      geo.move(12.9716, 77.5946);
      await flush();
    });
    expect(indicator()).toHaveTextContent(/^Sharing location$/);
    expect(mark()).toBe('●');
    expect(indicator().getAttribute('title')).toMatch(
      /^Customers of your accepted jobs can follow you\. Position sent at \d{1,2}:\d\d:\d\d [ap]m\.$/,
    );
    expect(notice()).not.toBeInTheDocument();
  });

  it('denied: Location off and how to turn it on; Dismiss hides the notice, not the indicator', async () => {
    const user = userEvent.setup();
    await renderBar();
    act(() => geo.fail(1));
    expect(indicator()).toHaveTextContent(/^Location off$/);
    expect(mark()).toBe('✕');
    expect(notice()).toHaveTextContent(DENIED_MESSAGE);
    expect(notice()).toHaveTextContent(/customers cannot follow you/);
    expect(notice()).toHaveTextContent(/allow location for this site/);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(notice()).not.toBeInTheDocument();
    expect(indicator()).toHaveTextContent('Location off');
  });

  it('Dismiss by keyboard: focus goes to the page, not to nowhere', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <TopBar menuOpen onToggleMenu={() => undefined} />
        <main id="main-content" tabIndex={-1} />
      </>,
      { session: signedInAs('Provider', { id: 20 }) },
    );
    await act(() => startProviderSharing({ userId: 20, role: 'Provider', token: 'tok' }));
    act(() => geo.fail(1));
    screen.getByRole('button', { name: 'Dismiss' }).focus();
    await user.keyboard('{Enter}');
    expect(notice()).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('Share location: the notice goes, and focus with it to the page', async () => {
    const user = userEvent.setup();
    const { permissions } = fakePermissions('prompt');
    configureLocationSharing({ geolocation: geo, backend, locks: null, permissions });
    renderWithProviders(
      <>
        <TopBar menuOpen onToggleMenu={() => undefined} />
        <main id="main-content" tabIndex={-1} />
      </>,
      { session: signedInAs('Provider', { id: 20 }) },
    );
    await act(() => startProviderSharing({ userId: 20, role: 'Provider', token: 'tok' }));
    await act(flush);
    screen.getByRole('button', { name: 'Share location' }).focus();
    await user.keyboard('{Enter}');
    expect(notice()).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('a second tab opened in the background, while the first holds the lock and location was never allowed: Location off, not Sharing location (another tab)', async () => {
    const user = userEvent.setup();
    const { permissions, set } = fakePermissions('prompt');
    // The first tab holds the lock for the whole test.
    const locks = {
      request: (_name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) =>
        options.ifAvailable ? callback(null) : new Promise(() => undefined),
    } as unknown as LockManager;
    const asked = jest.fn();
    geo.getCurrentPosition = asked;
    // page null: a tab in the background (a tab opened in front would take the lock over).
    configureLocationSharing({ geolocation: geo, backend, locks, permissions, page: null });
    await renderBar();
    await act(flush);
    expect(indicator()).toHaveTextContent('Location off');
    expect(indicator()).not.toHaveTextContent('another tab');
    expect(notice()).toHaveTextContent(ASK_MESSAGE);
    // Share location here: the browser asks in this tab; allowed, the first tab shares.
    await user.click(screen.getByRole('button', { name: 'Share location' }));
    expect(asked).toHaveBeenCalledTimes(1);
    act(() => set('granted'));
    expect(indicator()).toHaveTextContent('Sharing location (another tab)');
    expect(notice()).not.toBeInTheDocument();
  });

  it('the notice bar (fixed at the bottom) gives the page room below its end, and the sidebar its height, while it is shown', async () => {
    const user = userEvent.setup();
    jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
    await renderBar();
    act(() => geo.fail(1));
    expect(notice()).toHaveStyle({ position: 'fixed', bottom: '0px' });
    expect(document.body.style.paddingBottom).toBe('120px');
    expect(document.body.style.getPropertyValue('--notice-bar-height')).toBe('120px');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(document.body.style.paddingBottom).toBe('');
    expect(document.body.style.getPropertyValue('--notice-bar-height')).toBe('');
  });

  it('dismissed, the notice stays away when the tab is reloaded; another state brings its own', async () => {
    const user = userEvent.setup();
    const first = await renderBarIn();
    act(() => geo.fail(1));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    first.unmount();
    act(() => stopLocationSharing());

    const second = await renderBarIn();
    act(() => geo.fail(1));
    expect(indicator()).toHaveTextContent('Location off');
    expect(notice()).not.toBeInTheDocument();
    second.unmount();
    act(() => stopLocationSharing());

    await renderBarIn();
    act(() => geo.fail(2));
    expect(notice()).toHaveTextContent(UNAVAILABLE_MESSAGE);
  });

  it('in a window too low for a fixed bar (a phone on its side, a page zoomed to 400 %) the notice ends the page, taking no room of the window', async () => {
    jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(145);
    windowMatching((query) => query === '(max-height: 480px)');
    try {
      await renderBar();
      act(() => geo.fail(1));
      expect(notice()).toHaveStyle({ position: 'static' });
      expect(notice()?.parentElement).toBe(document.body);
      expect(document.body.style.paddingBottom).toBe('');
      expect(document.documentElement.style.getPropertyValue('--location-notice-height')).toBe('');
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('not asked yet: Location off, and Share location lets the browser ask (never at page load)', async () => {
    const user = userEvent.setup();
    const { permissions } = fakePermissions('prompt');
    configureLocationSharing({ geolocation: geo, backend, locks: null, permissions });
    await renderBar();
    await act(flush);
    expect(geo.watchCalls).toBe(0);
    expect(indicator()).toHaveTextContent('Location off');
    expect(notice()).toHaveTextContent(ASK_MESSAGE);
    expect(notice()).toHaveTextContent(/customers cannot follow you/);
    await user.click(screen.getByRole('button', { name: 'Share location' }));
    expect(geo.watchCalls).toBe(1);
    expect(indicator()).toHaveTextContent('Locating…');
    expect(notice()).not.toBeInTheDocument();
  });

  it('no position on the device: says so and that sharing resumes by itself', async () => {
    await renderBar();
    act(() => geo.fail(2));
    expect(notice()).toHaveTextContent(UNAVAILABLE_MESSAGE);
    await act(async () => {
      geo.move(1, 1);
      await flush();
    });
    expect(notice()).not.toBeInTheDocument();
    expect(indicator()).toHaveTextContent('Sharing location');
  });

  it('the location service unreachable: Location not sent', async () => {
    backend.failConnect();
    await renderBar();
    await act(async () => {
      geo.move(1, 1);
      await flush();
    });
    expect(indicator()).toHaveTextContent('Location not sent');
    expect(notice()).toHaveTextContent(SERVICE_ERROR_MESSAGE);
  });

  it('on a phone the dot is a button: pressed, it shows its words under it, until pressed again, Escape or a press elsewhere', async () => {
    const user = userEvent.setup();
    // A phone-sized window (every query of the bar's matches).
    windowMatching(() => true);
    try {
      await renderBar();
      await act(async () => {
        geo.move(12.9716, 77.5946);
        await flush();
      });
      const dot = screen.getByRole('button', { name: 'Sharing location' });
      expect(dot).toHaveAttribute('aria-expanded', 'false');
      const words = () => document.getElementById('location-sharing-words');
      expect(words()).toBeNull();
      await user.click(dot);
      expect(dot).toHaveAttribute('aria-expanded', 'true');
      expect(words()).toHaveTextContent(
        /^Sharing locationCustomers of your accepted jobs can follow you\. Position sent at \d{1,2}:\d\d:\d\d [ap]m\.$/,
      );
      await user.click(dot);
      expect(words()).toBeNull();
      await user.click(dot);
      await user.keyboard('{Escape}');
      expect(words()).toBeNull();
      expect(dot).toHaveAttribute('aria-expanded', 'false');
      await user.click(dot);
      await user.click(screen.getByText('Provider Dashboard'));
      expect(words()).toBeNull();
    } finally {
      delete (window as Partial<Window>).matchMedia;
    }
  });

  it('another device the provider is signed in on shares: says so, and a press on this page shares from here again', async () => {
    const user = userEvent.setup();
    await renderBar();
    await act(async () => {
      geo.move(1, 1);
      await flush();
    });
    expect(backend.writes).toHaveLength(1);
    act(() => backend.emit(20, { lat: 9, lng: 9, updatedAt: Date.now(), device: 'laptop', since: Date.now() + 1 }));
    expect(indicator()).toHaveTextContent(/^Sharing location \(another device\)$/);
    expect(mark()).toBe('○');
    expect(indicator()).toHaveAttribute(
      'title',
      'Customers follow another device you are signed in on. Press anywhere on this page to share from this device.',
    );
    await user.click(screen.getByText('Provider Dashboard'));
    // A moment after the press (a press on Logout takes nothing over on its way out).
    await waitFor(() => expect(backend.writes).toHaveLength(2), { timeout: 3000 });
    expect(indicator()).toHaveTextContent(/^Sharing location$/);
    expect(mark()).toBe('●');
  });

  it('customers see no indicator', async () => {
    await renderBar('Customer');
    expect(screen.queryByRole('status', { name: 'Location sharing' })).not.toBeInTheDocument();
    expect(screen.getByText('User Dashboard')).toBeInTheDocument();
  });

  it('maps every state to a word and, when customers cannot follow, a notice', () => {
    expect(sharingIndicator('off')).toBeNull();
    expect(sharingIndicator('elsewhere')?.label).toBe('Sharing location (another tab)');
    expect(sharingIndicator('other-device')).toEqual({ label: 'Sharing location (another device)', tone: 'on', elsewhere: true });
    expect(sharingIndicator('sharing')?.elsewhere).toBeUndefined();
    expect(sharingNotice('other-device')).toBeNull();
    expect(sharingNotice('unsupported')).toBe(UNSUPPORTED_MESSAGE);
    expect(sharingNotice('sharing')).toBeNull();
    expect(sharingNotice('starting')).toBeNull();
  });
});
