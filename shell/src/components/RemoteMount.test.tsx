import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { browserPage } from './newBuild';
import { failureDetail, LOADING_NEW_BUILD, REMOTE_UNAVAILABLE_MESSAGE } from './RemoteMount';
import { RETRY_FAILED_AFTER_MS } from '../federation/RemotesContext';
import { fakeApi, fakeContracts, fakeLoader, renderShell } from '../testing/renderShell';

beforeEach(() => {
  localStorage.clear();
  fakeApi();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a remote that is down', () => {
  it('shows a clear message with Retry while the sidebar, the guard and the other remotes keep working; Retry loads it once it is back', async () => {
    const { loader, offline } = fakeLoader(fakeContracts(), ['mfe_chat']);
    renderShell({ route: '/chatview', role: 'Customer', loader });
    expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation');
    await userEvent.click(within(nav).getByRole('link', { name: 'Active Bookings' }));
    expect(await screen.findByRole('heading', { name: 'Active Bookings' })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'Chat' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();

    // Still down: Retry keeps the message.
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();

    offline.delete('mfe_chat');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(loader.retryContract).toHaveBeenCalledWith('mfe_chat');
  });

  it('a remote back up is loaded again when one of its screens is opened a while after it failed, without Retry', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const { loader, offline } = fakeLoader(fakeContracts(), ['mfe_chat']);
    renderShell({ route: '/chatview', role: 'Customer', loader });
    expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    const nav = screen.getByRole('navigation');

    // Moments later it is not asked again: the message stays.
    await userEvent.click(within(nav).getByRole('link', { name: 'Active Bookings' }));
    await screen.findByRole('heading', { name: 'Active Bookings' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Chat' }));
    expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(loader.retryContract).not.toHaveBeenCalled();

    // Back up, and opened again a while later: it loads by itself.
    offline.delete('mfe_chat');
    now.mockReturnValue(1_000_000 + RETRY_FAILED_AFTER_MS);
    await userEvent.click(within(nav).getByRole('link', { name: 'Active Bookings' }));
    await screen.findByRole('heading', { name: 'Active Bookings' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Chat' }));
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByText(REMOTE_UNAVAILABLE_MESSAGE)).not.toBeInTheDocument();
    expect(loader.retryContract).toHaveBeenCalledWith('mfe_chat');
  });

  it('the auth remote down: /login shows the message and Retry, and the guard still redirects', async () => {
    const { loader, offline } = fakeLoader(fakeContracts(), ['mfe_auth']);
    renderShell({ route: '/activebooking', loader });
    expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    offline.delete('mfe_auth');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('a home widget whose remote is down leaves the rest of Home working', async () => {
    const { loader, offline } = fakeLoader(fakeContracts(), ['mfe_customer']);
    renderShell({ role: 'Customer', loader });
    expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    offline.delete('mfe_customer');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Customer home blocks' })).toBeInTheDocument();
  });

  it('a screen whose code fails to download shows Retry, which downloads it again', async () => {
    const chat = chatFailingOnce(new Error('Loading chunk 12 failed'));
    renderShell({ route: '/chatview/3', role: 'Provider', loader: chat.loader });
    expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    // Said in words a user can act on; the chunk's number and address are for the console.
    expect(screen.getByText('Chat could not be downloaded. Check your connection, then press Retry.')).toBeInTheDocument();
    expect(screen.queryByText(/Loading chunk/)).not.toBeInTheDocument();
    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(chat.attempts()).toBe(2);
  });

  it('a screen whose code failed to download while offline downloads it again by itself once the browser is back online', async () => {
    const chat = chatFailingOnce(new Error('Loading chunk 12 failed'));
    renderShell({ route: '/chatview/3', role: 'Provider', loader: chat.loader });
    expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    comeBackOnline();
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(chat.attempts()).toBe(2);
  });

  it('a chunk that failed while offline is downloaded again once back online, without reloading the page', async () => {
    await whileChunkServerUnreachable(async (fetchMock, reload) => {
      const chat = chatFailingOnce(chunkLoadError('http://localhost:3004/802.2d97f63c.js'));
      renderShell({ route: '/chatview/3', role: 'Provider', loader: chat.loader });
      expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
      fetchMock.mockResolvedValue({ status: 0, type: 'opaque' });
      comeBackOnline();
      expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
      expect(chat.attempts()).toBe(2);
      expect(reload).not.toHaveBeenCalled();
    });
  });

  it('a screen that stopped on an error of its own is not tried again when the browser comes back online', async () => {
    const chat = chatFailingOnce(new TypeError("Cannot read properties of undefined (reading 'id')"));
    renderShell({ route: '/chatview/3', role: 'Provider', loader: chat.loader });
    expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    comeBackOnline();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(chat.attempts()).toBe(1);
  });

  it('a remote that could not be reached while offline is asked again once the browser is back online', async () => {
    const { loader, offline } = fakeLoader(fakeContracts(), ['mfe_chat']);
    renderShell({ route: '/chatview', role: 'Customer', loader });
    expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    offline.delete('mfe_chat');
    comeBackOnline();
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(loader.retryContract).toHaveBeenCalledWith('mfe_chat');
  });

  it('a screen from a remote redeployed since the tab loaded it (its chunk gone, its server up): the page reloads once for the new build', async () => {
    const fetchMock = jest.fn().mockResolvedValue({ status: 0, type: 'opaque' });
    const realFetch = global.fetch;
    global.fetch = fetchMock;
    const reload = jest.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
    sessionStorage.clear();
    try {
      const contracts = fakeContracts();
      contracts.mfe_chat.routes[0].load = () => Promise.reject(chunkLoadError('http://localhost:3004/802.2d97f63c.js'));
      const { loader } = fakeLoader(contracts);
      renderShell({ route: '/chatview/3', role: 'Provider', loader });
      expect(await screen.findByText(LOADING_NEW_BUILD)).toBeInTheDocument();
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(fetchMock).toHaveBeenCalledWith('http://localhost:3004/802.2d97f63c.js', { mode: 'no-cors', cache: 'no-store' });
      expect(screen.queryByText(REMOTE_UNAVAILABLE_MESSAGE)).not.toBeInTheDocument();
    } finally {
      global.fetch = realFetch;
    }
  });

  it('a chunk that fails while its server is down shows the message, and Retry downloads it again without reloading', async () => {
    await whileChunkServerUnreachable(async (_fetchMock, reload) => {
      const chat = chatFailingOnce(chunkLoadError('http://localhost:3004/802.2d97f63c.js'));
      renderShell({ route: '/chatview/3', role: 'Provider', loader: chat.loader });
      expect(await screen.findByText(REMOTE_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
      await act(async () => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
      expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
      expect(chat.attempts()).toBe(2);
      expect(reload).not.toHaveBeenCalled();
    });
  });
});

/** The browser tells the page it is back online. */
function comeBackOnline() {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/**
 * Runs `test` while the chunks' server cannot be reached (fetch fails; `fetchMock` can answer later) and
 * page reloads are recorded by `reload` instead of done.
 */
async function whileChunkServerUnreachable(
  test: (fetchMock: jest.Mock, reload: jest.SpyInstance) => Promise<void>,
): Promise<void> {
  const realFetch = global.fetch;
  const fetchMock = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  global.fetch = fetchMock;
  const reload = jest.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
  sessionStorage.clear();
  try {
    await test(fetchMock, reload);
  } finally {
    global.fetch = realFetch;
  }
}

/** webpack's error for a chunk that did not load. */
function chunkLoadError(address: string): Error {
  const error = new Error(`Loading chunk 802 failed. (error: ${address})`) as Error & { request: string };
  error.name = 'ChunkLoadError';
  error.request = address;
  return error;
}

/** The chat remote, whose screen's code fails to load once with `error`, then loads. */
function chatFailingOnce(error: Error) {
  const contracts = fakeContracts();
  let attempts = 0;
  const Screen: ComponentType = () => <h1>Chat</h1>;
  contracts.mfe_chat.routes[0].load = () => {
    attempts += 1;
    return attempts === 1 ? Promise.reject(error) : Promise.resolve({ default: Screen });
  };
  return { loader: fakeLoader(contracts).loader, attempts: () => attempts };
}

describe('failureDetail', () => {
  it('says what a user can do: check the connection for a download, retry or reload for anything else', () => {
    const download = Object.assign(new Error('Loading chunk 479 failed. (error: http://localhost:3001/479.js)'), {
      name: 'ChunkLoadError',
    });
    expect(failureDetail(download, 'Payments')).toBe(
      'Payments could not be downloaded. Check your connection, then press Retry.',
    );
    expect(failureDetail(new Error('Loading CSS chunk 7 failed.'))).toBe(
      'This screen could not be downloaded. Check your connection, then press Retry.',
    );
    expect(failureDetail(new TypeError("Cannot read properties of undefined (reading 'id')"), 'Payments')).toBe(
      'Payments stopped because of an error. Press Retry; if it happens again, reload the page.',
    );
  });
});
