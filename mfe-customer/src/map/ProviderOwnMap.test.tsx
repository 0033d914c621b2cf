import { act, screen } from '@testing-library/react';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from 'shared';
import { configureLocationSharing, setLocationBackend, startLocationSharing, stopLocationSharing } from 'shared/src/location';
import {
  fakeGeolocation,
  fakeLocationBackend,
  fakePermissions,
  type FakeGeolocation,
  type FakeLocationBackend,
} from 'shared/src/location/testing';
import { makeJob, TEST_PROVIDER_ID } from 'shared/src/testing';
import { renderScreen } from '../testing/renderScreen';
import { ProviderOwnMap } from './ProviderOwnMap';

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe("the provider's own map, before it has a position to show", () => {
  let geo: FakeGeolocation;
  let backend: FakeLocationBackend;

  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    geo = fakeGeolocation();
    backend = fakeLocationBackend({ uid: String(TEST_PROVIDER_ID) });
    setLocationBackend(backend);
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  });
  afterEach(() => {
    act(() => stopLocationSharing());
    configureLocationSharing({});
    setLocationBackend(null);
    jest.restoreAllMocks();
  });

  /** The map of an Accepted job without the pick-up's coordinates: nothing to pin until the provider's position comes. */
  async function openWith(permission?: PermissionState) {
    configureLocationSharing({
      geolocation: geo,
      backend,
      locks: null,
      ...(permission ? { permissions: fakePermissions(permission).permissions } : {}),
    });
    act(() => startLocationSharing({ userId: TEST_PROVIDER_ID, role: 'Provider', token: 'tok' }));
    renderScreen(<ProviderOwnMap job={makeJob({ status: 'Accepted' })} />, { role: 'Provider' });
    await act(flush);
  }
  const map = () => screen.getByTestId('offline-map');
  const status = () => screen.getByRole('status', { name: 'Map status' });

  it('location blocked: the map says the location is off, not that it is waiting, under the line saying why', async () => {
    await openWith('denied');
    expect(status()).toHaveTextContent('Location access is blocked, so the customer cannot follow you.');
    expect(map()).toHaveTextContent('Location off');
    expect(map()).not.toHaveTextContent('Waiting for your position…');
  });

  it("blocked at the browser's question (the watch is refused): the same", async () => {
    await openWith();
    act(() => geo.fail(1));
    expect(map()).toHaveTextContent('Location off');
    expect(map()).not.toHaveTextContent('Waiting');
  });

  it('never asked: the location is off, nothing is waited for', async () => {
    await openWith('prompt');
    expect(geo.watchCalls).toBe(0);
    expect(map()).toHaveTextContent('Location off');
    expect(map()).not.toHaveTextContent('Waiting');
  });

  it('never asked: Share location is offered on the map too, and pressed, it starts sharing and gives way', async () => {
    await openWith('prompt');
    expect(status()).toHaveTextContent('Your position is not shared.');
    const share = screen.getByRole('button', { name: 'Share location' });
    share.focus();
    await act(async () => {
      share.click();
      await flush();
    });
    expect(geo.watchCalls).toBe(1);
    expect(screen.queryByRole('button', { name: 'Share location' })).not.toBeInTheDocument();
    expect(map()).toHaveTextContent('Waiting for your position…');
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Your position' }));
  });

  it('blocked: no Share location (it could only fail), the line says how to allow it', async () => {
    await openWith('denied');
    expect(screen.queryByRole('button', { name: 'Share location' })).not.toBeInTheDocument();
  });

  it('locating: it waits for the position, then pins it', async () => {
    await openWith('granted');
    expect(map()).toHaveTextContent('Waiting for your position…');
    await act(async () => {
      geo.move(12.9352, 77.6245);
      await flush();
    });
    expect(screen.getByRole('img', { name: 'Your position' })).toBeInTheDocument();
    expect(map()).not.toHaveTextContent('Waiting');
  });
});
