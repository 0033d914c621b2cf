import { act, render, screen, waitFor } from '@testing-library/react';
import { startTransition, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'shared';
import { lazyComponent, loadComponent, loadedComponent, retryFailedLoads } from './loadedComponents';
import { RemoteMount } from './RemoteMount';

/** A module load that resolves only when told, counting its calls. */
function deferredLoad(text: string) {
  let resolve: () => void = () => undefined;
  const arrived = new Promise<void>((r) => {
    resolve = r;
  });
  const load = jest.fn(async () => {
    await arrived;
    return { default: ({ who = 'you' }: { who?: string }) => <p>{`${text} for ${who}`}</p> };
  });
  return { load, arrive: () => resolve() };
}

describe('loadedComponents: a screen whose code has arrived shows at once (issue 12)', () => {
  it('lazyComponent suspends (its fallback shows) while the module is on its way, then shows it', async () => {
    const { load, arrive } = deferredLoad('Offers');
    const Offers = lazyComponent(load);
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Offers who="Asha" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByText('Offers for Asha')).toBeInTheDocument();
  });

  it('a download that failed is tried again on Retry (React.lazy alone keeps the failure for good)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const load = jest.fn(async () => {
      if (!online) throw Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' });
      return { default: () => <p>Contact Us</p> };
    });
    const ContactUs = lazyComponent(load);
    render(
      <ErrorBoundary
        fallback={(_error, reset) => (
          <button
            onClick={() => {
              retryFailedLoads();
              reset();
            }}
          >
            Retry
          </button>
        )}
      >
        <Suspense fallback={<p>Loading…</p>}>
          <ContactUs />
        </Suspense>
      </ErrorBoundary>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    // Failed once: not downloaded again by itself while the failure is shown.
    expect(load).toHaveBeenCalledTimes(1);
    online = true;
    await act(async () => retry.click());
    expect(await screen.findByText('Contact Us')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    jest.restoreAllMocks();
  });

  it('once loadComponent has loaded the module (a preload at start-up), it renders on the first render: no fallback', async () => {
    const { load, arrive } = deferredLoad('Offers');
    const Offers = lazyComponent(load);
    const loading = loadComponent(load);
    expect(loadedComponent(load)).toBeUndefined();
    arrive();
    await loading;
    expect(loadedComponent(load)).toBeDefined();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Offers who="Asha" />
      </Suspense>,
    );
    // Synchronously, with no act() to let a lazy component resolve.
    expect(screen.getByText('Offers for Asha')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a screen a transition waited for is not mounted anew when it renders again: its state stays', async () => {
    // React's own scheduler, as in the browser: under act() React renders the waiting transition again whole.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    let mounts = 0;
    const load = async () => {
      await arrived;
      return {
        default: function Menu({ who }: { who: string }) {
          useEffect(() => {
            mounts += 1;
          }, []);
          return <p>{`Menu for ${who}`}</p>;
        },
      };
    };
    const Menu = lazyComponent(load);
    const page = (who: string | null) => (
      <Suspense fallback={<p>Loading…</p>}>{who ? <Menu who={who} /> : <p>Login</p>}</Suspense>
    );
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      root.render(page(null));
      await settle();
      // Signed in: the screen comes in a transition (the router's navigation). Its module is in the browser
      // already (a chunk fetched before), yet not loaded: import() resolves a moment after React asks, and React
      // waits for it within the render, then renders only the lazy part again.
      arrive();
      startTransition(() => root.render(page('Asha')));
      // Waited for, not a fixed pause: on a busy machine the transition took longer than 20 ms to commit.
      await waitFor(() => expect(container).toHaveTextContent('Menu for Asha'));
      await settle();
      expect(mounts).toBe(1);
      // Its parent renders again (a route table grown by a contract, a refreshed session): the same screen.
      root.render(page('Asha Rao'));
      await waitFor(() => expect(container).toHaveTextContent('Menu for Asha Rao'));
      await settle();
      expect(mounts).toBe(1);
    } finally {
      root.unmount();
      container.remove();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
    }
  });

  it("RemoteMount shows a remote's screen loaded already at once, without its loader", async () => {
    const { load, arrive } = deferredLoad('Home blocks');
    arrive();
    await loadComponent(load);
    render(<RemoteMount load={load} />);
    expect(screen.getByText('Home blocks for you')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('RemoteMount shows its loader for a screen not loaded yet, then the screen', async () => {
    const { load, arrive } = deferredLoad('Home blocks');
    render(<RemoteMount load={load} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByText('Home blocks for you')).toBeInTheDocument();
  });
});
