import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyComponent, loadComponent, loadedComponent } from './loadedComponents';
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
