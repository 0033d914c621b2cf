import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, JOB_NOT_YOURS, NO_JOB_CHOSEN, setRuntimeConfig, DEFAULT_RUNTIME_CONFIG, type Job } from 'shared';
import { configureLocationSharing, setLocationBackend, startLocationSharing, stopLocationSharing } from 'shared/src/location';
import {
  fakeGeolocation,
  fakeLocationBackend,
  type FakeGeolocation,
  type FakeLocationBackend,
} from 'shared/src/location/testing';
import { fakeApi, fail, ok } from '../testing/fakeApi';
import { CUSTOMER_ID, makeJob, PROVIDER_ID } from '../testing/fixtures';
import { renderScreen } from '../testing/renderScreen';
import { setupScreenTest } from '../testing/screenTest';
import { FOLLOW_DENIED, waitingFor } from '../map/texts';
import { NOTHING_TO_FOLLOW } from '../map/mapView';
import ViewOnMapPage from './ViewOnMapPage';

let googleLoaded = false;
/** The props google-map-react was last drawn with, and the bounds Google's map was fitted to. */
let googleProps: Record<string, unknown> = {};
const fitted: { lat: number; lng: number }[][] = [];
jest.mock('google-map-react', () => {
  googleLoaded = true;
  // Google's map, as far as the view uses it: bounds that collect their points, and a map that fits them.
  const api = {
    map: { fitBounds: (bounds: { points: { lat: number; lng: number }[] }) => fitted.push(bounds.points) },
    maps: {
      LatLngBounds: class {
        points: { lat: number; lng: number }[] = [];
        extend(point: { lat: number; lng: number }) {
          this.points.push(point);
        }
      },
    },
  };
  const { useEffect } = jest.requireActual<typeof import('react')>('react');
  function FakeGoogleMap(props: {
    children: React.ReactNode;
    defaultZoom: number;
    onGoogleApiLoaded?: (loaded: typeof api) => void;
  }) {
    const { onGoogleApiLoaded } = props;
    useEffect(() => {
      googleProps = props;
    });
    useEffect(() => onGoogleApiLoaded?.(api), [onGoogleApiLoaded]);
    return (
      <div data-testid="google-map-react" data-zoom={props.defaultZoom}>
        {props.children}
      </div>
    );
  }
  return { __esModule: true, default: FakeGoogleMap };
});

setupScreenTest();

let backend: FakeLocationBackend;
let geo: FakeGeolocation;

function useGeolocation(value: Geolocation | undefined) {
  Object.defineProperty(window.navigator, 'geolocation', { value, configurable: true });
}

beforeEach(() => {
  backend = fakeLocationBackend({ uid: String(CUSTOMER_ID) });
  setLocationBackend(backend);
  geo = fakeGeolocation();
  useGeolocation(geo);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => stopLocationSharing());
  configureLocationSharing({});
  setLocationBackend(null);
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  useGeolocation(undefined);
});

const accepted = makeJob({ id: 7, status: 'Accepted' });
const HERE = { lat: 12.9716, lng: 77.5946 };

function openMap(
  job: Job | null,
  options: { role?: 'Customer' | 'Provider'; before?: string[]; reply?: ReturnType<typeof ok> } = {},
) {
  const api = fakeApi(job ? { [`GET /api/jobs/${job.id}`]: options.reply ?? ok(job) } : {});
  const result = renderScreen(<ViewOnMapPage />, {
    path: '/viewonmap',
    state: job ? { jobId: job.id } : undefined,
    role: options.role ?? 'Customer',
    before: options.before,
  });
  return { api, ...result };
}

const fact = (testId: string) => screen.getByTestId(testId);
const mapStatus = () => screen.getByRole('status', { name: 'Map status' });

describe('/viewonmap, customer of an Accepted job', () => {
  it("an old position is called the provider's last shared one, not live, and live again when a new one comes", async () => {
    backend.emit(PROVIDER_ID, { lat: 12.9766, lng: 77.6006, updatedAt: Date.now() - 8 * 60 * 1000 });
    openMap(accepted);
    expect(await screen.findByText("Showing Ravi Kumar's last shared position.")).toBeInTheDocument();
    expect(fact('last-updated')).toHaveTextContent(/8 min ago/);
    act(() => backend.emit(PROVIDER_ID, { lat: 12.9816, lng: 77.6006, updatedAt: Date.now() }));
    expect(await screen.findByText('Following Ravi Kumar live.')).toBeInTheDocument();
  });

  it('a provider who stops sharing (signs out, closes the app) is not called live, however recent the position', async () => {
    backend.emit(PROVIDER_ID, { lat: 12.9766, lng: 77.6006, updatedAt: Date.now() - 3000 });
    openMap(accepted);
    expect(await screen.findByText('Following Ravi Kumar live.')).toBeInTheDocument();
    act(() => backend.emit(PROVIDER_ID, { lat: 12.9766, lng: 77.6006, updatedAt: Date.now() - 3000, stopped: true }));
    expect(await screen.findByText("Showing Ravi Kumar's last shared position.")).toBeInTheDocument();
    expect(fact('provider-position')).toHaveTextContent('12.9766, 77.6006');
  });

  it("follows the provider's pin live, with distance, both positions and when it was last updated", async () => {
    const updatedAt = Date.now() - 3000;
    backend.emit(PROVIDER_ID, { lat: 12.9766, lng: 77.6006, updatedAt });
    openMap(accepted);
    expect(await screen.findByText('Following Ravi Kumar live.')).toBeInTheDocument();
    act(() => geo.move(HERE.lat, HERE.lng));

    expect(screen.getByRole('img', { name: "Provider's position" })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your position' })).toBeInTheDocument();
    expect(fact('provider-position')).toHaveTextContent('12.9766, 77.6006');
    expect(fact('customer-position')).toHaveTextContent('12.9716, 77.5946');
    expect(fact('distance')).toHaveTextContent(/^0\.9 km$/);
    expect(fact('last-updated')).toHaveTextContent(/^\d{1,2}:\d\d:\d\d [ap]m \(just now\)$/);
    expect(screen.getByTestId('offline-map')).toHaveAttribute('data-zoom', '14');

    const before = screen.getByTestId('pin-provider').getAttribute('data-y');
    act(() => backend.emit(PROVIDER_ID, { lat: 12.9816, lng: 77.6006, updatedAt: Date.now() }));
    expect(fact('provider-position')).toHaveTextContent('12.9816, 77.6006');
    expect(fact('distance')).toHaveTextContent('1.3 km');
    expect(Number(screen.getByTestId('pin-provider').getAttribute('data-y'))).toBeLessThan(Number(before));
  });

  it('shows the stepper of the booking details, Go Back and Chat with the provider', async () => {
    const user = userEvent.setup();
    openMap(accepted);
    const stepper = await screen.findByRole('list', { name: 'Booking progress' });
    expect(within(stepper).getByText('Reached your location').closest('li')).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/chatview/${PROVIDER_ID}`);
  });

  it('says it waits while the provider has not shared a position; the map is never blank', async () => {
    openMap(accepted);
    expect(await screen.findByText(waitingFor('Ravi Kumar'))).toBeInTheDocument();
    expect(fact('provider-position')).toHaveTextContent('Not shared yet');
    expect(screen.getByText("Waiting for the provider's position…")).toBeInTheDocument();
    act(() => geo.move(HERE.lat, HERE.lng));
    // The customer's own pin is drawn meanwhile.
    expect(screen.getByRole('img', { name: 'Your position' })).toBeInTheDocument();
    expect(fact('distance')).toHaveTextContent('Unknown: no provider position yet');
  });

  it("without the customer's own location (denied) it still follows the provider, centred on them", async () => {
    backend.emit(PROVIDER_ID, { ...HERE, updatedAt: Date.now() });
    openMap(accepted);
    await screen.findByText('Following Ravi Kumar live.');
    act(() => geo.fail(1));
    expect(fact('customer-position')).toHaveTextContent('Not available: location access is blocked');
    expect(fact('distance')).toHaveTextContent('Unknown: your position is not available');
    expect(screen.getByTestId('pin-provider')).toHaveAttribute('data-x', '320.0');
    expect(screen.queryByRole('img', { name: 'Your position' })).not.toBeInTheDocument();
  });

  it('a browser without geolocation does not crash the screen', async () => {
    useGeolocation(undefined);
    backend.emit(PROVIDER_ID, { ...HERE, updatedAt: Date.now() });
    openMap(accepted);
    await screen.findByText('Following Ravi Kumar live.');
    expect(fact('customer-position')).toHaveTextContent('Not available in this browser');
  });

  it('the location service refusing (the job stopped being Accepted meanwhile) is said clearly', async () => {
    backend.deny(PROVIDER_ID);
    openMap(accepted);
    expect(await screen.findByText(FOLLOW_DENIED)).toBeInTheDocument();
  });

  it('an unreachable location service says so and offers Retry', async () => {
    const user = userEvent.setup();
    backend.failConnect();
    openMap(accepted);
    expect(await screen.findByText(/The location service cannot be reached right now\./)).toBeInTheDocument();
    backend.failConnect(null);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(waitingFor('Ravi Kumar'))).toBeInTheDocument();
  });

  it('leaving the screen stops following (the listener and the connection are closed)', async () => {
    const { unmount } = openMap(accepted);
    await screen.findByText(waitingFor('Ravi Kumar'));
    expect(backend.listeners(PROVIDER_ID)).toBe(1);
    unmount();
    expect(backend.listeners(PROVIDER_ID)).toBe(0);
    await waitFor(() => expect(backend.connections.every((c) => c.closed)).toBe(true));
    expect(geo.activeWatches).toBe(0);
  });
});

describe('/viewonmap, nothing to follow', () => {
  // The stepper shows where there was or will be a ride, not for a booking that ended without one (deviation 29).
  it.each([
    ['Pending', NOTHING_TO_FOLLOW.Pending, true],
    ['Completed', NOTHING_TO_FOLLOW.Completed, true],
    ['Rejected', NOTHING_TO_FOLLOW.Rejected, false],
    ['Cancelled', NOTHING_TO_FOLLOW.Cancelled, false],
    ['Expired', NOTHING_TO_FOLLOW.Expired, false],
  ] as const)('%s: says why, draws no map, follows nobody (progress shown: %s)', async (status, message, progress) => {
    openMap(makeJob({ id: 8, status }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(mapStatus()).toHaveTextContent(message);
    expect(screen.queryByTestId('offline-map')).not.toBeInTheDocument();
    if (progress) expect(screen.getByRole('list', { name: 'Booking progress' })).toBeInTheDocument();
    else expect(screen.queryByRole('heading', { name: 'Progress' })).not.toBeInTheDocument();
    expect(backend.connections).toHaveLength(0);
    expect(geo.watchCalls).toBe(0);
  });

  it('a Pending job accepted while the screen is open turns into the live map', async () => {
    openMap(makeJob({ id: 9, status: 'Pending' }));
    await screen.findByText(NOTHING_TO_FOLLOW.Pending);
    act(() => bus.emit({ type: 'job/updated', job: makeJob({ id: 9, status: 'Accepted' }) }));
    expect(await screen.findByText(waitingFor('Ravi Kumar'))).toBeInTheDocument();
    act(() => bus.emit({ type: 'job/updated', job: makeJob({ id: 9, status: 'Completed' }) }));
    expect(await screen.findByText(NOTHING_TO_FOLLOW.Completed)).toBeInTheDocument();
    await waitFor(() => expect(backend.connections.every((c) => c.closed)).toBe(true));
  });

  it('with no job chosen it says so, and Chat opens the chat list', async () => {
    const user = userEvent.setup();
    openMap(null);
    expect(await screen.findByText(NO_JOB_CHOSEN)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Active Bookings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/chatview$/);
  });

  it("someone else's job (403) says it is not theirs", async () => {
    openMap(accepted, { reply: fail(403, 'This action is unauthorized.') });
    expect(await screen.findByText(JOB_NOT_YOURS)).toBeInTheDocument();
    expect(screen.queryByTestId('offline-map')).not.toBeInTheDocument();
  });

  it('a job of another customer, should it arrive, is not followed either', async () => {
    openMap(
      makeJob({ id: 11, status: 'Accepted', customer_id: 99, customer: { id: 99, full_name: 'Someone Else', avatar: null } }),
    );
    expect(await screen.findByText(JOB_NOT_YOURS)).toBeInTheDocument();
    expect(backend.connections).toHaveLength(0);
  });
});

describe("/viewonmap, the provider's View Map", () => {
  it("shows the booking's stepper too (spec section 2: the map has the stepper)", async () => {
    configureLocationSharing({ geolocation: geo, backend, locks: null });
    act(() => startLocationSharing({ userId: PROVIDER_ID, role: 'Provider', token: 'tok' }));
    openMap(accepted, { role: 'Provider' });
    const stepper = await screen.findByRole('list', { name: 'Booking progress' });
    expect(within(stepper).getByText('Reached your location').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('shows their own position (from the sharing watcher) and the pick-up address; Chat goes to the customer', async () => {
    const user = userEvent.setup();
    configureLocationSharing({ geolocation: geo, backend, locks: null });
    act(() => startLocationSharing({ userId: PROVIDER_ID, role: 'Provider', token: 'tok' }));
    openMap(accepted, { role: 'Provider' });
    expect(await screen.findByText('12 MG Road')).toBeInTheDocument();
    expect(fact('pickup-address')).toHaveTextContent('12 MG Road');
    expect(fact('own-position')).toHaveTextContent('Not shared yet');
    await act(async () => {
      geo.move(12.9352, 77.6245);
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(fact('own-position')).toHaveTextContent('12.9352, 77.6245');
    expect(screen.getByRole('img', { name: 'Your position' })).toBeInTheDocument();
    expect(mapStatus()).toHaveTextContent('Your position is shared');
    // The provider's map is not the customer's: no one else is followed.
    expect(screen.queryByRole('img', { name: "Provider's position" })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/chatview/${CUSTOMER_ID}`);
  });

  it('pins the pick-up address too when the job has its coordinates, with the distance to it', async () => {
    configureLocationSharing({ geolocation: geo, backend, locks: null });
    act(() => startLocationSharing({ userId: PROVIDER_ID, role: 'Provider', token: 'tok' }));
    openMap(makeJob({ id: 7, status: 'Accepted', lat: 12.9716, lng: 77.5946 }), { role: 'Provider' });
    await screen.findByText('12 MG Road');
    act(() => geo.move(12.9352, 77.6245));
    expect(screen.getByRole('img', { name: 'Pick-up address' })).toBeInTheDocument();
    expect(fact('distance')).toHaveTextContent(/^\d+\.\d km$/);
  });

  it('denied location: the provider is told customers cannot follow them', async () => {
    configureLocationSharing({ geolocation: geo, backend, locks: null });
    act(() => startLocationSharing({ userId: PROVIDER_ID, role: 'Provider', token: 'tok' }));
    openMap(accepted, { role: 'Provider' });
    await screen.findByText('12 MG Road');
    act(() => geo.fail(1));
    expect(mapStatus()).toHaveTextContent('Location access is blocked, so the customer cannot follow you.');
    // Not waiting for a position that cannot come.
    expect(screen.getByText('Location off')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for your position…')).not.toBeInTheDocument();
  });
});

describe('/viewonmap, map and navigation', () => {
  it('without a Maps key google-map-react is never loaded; with one it draws the map at zoom 14', async () => {
    backend.emit(PROVIDER_ID, { ...HERE, updatedAt: Date.now() });
    const { unmount } = openMap(accepted);
    await screen.findByText('Following Ravi Kumar live.');
    expect(googleLoaded).toBe(false);
    expect(screen.getByTestId('offline-map')).toBeInTheDocument();
    unmount();

    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, mapsApiKey: 'test-key' });
    openMap(accepted);
    expect(await screen.findByTestId('google-map-react')).toHaveAttribute('data-zoom', '14');
    expect(googleLoaded).toBe(true);
    expect(screen.getByRole('img', { name: "Provider's position" })).toBeInTheDocument();
    expect(fact('provider-position')).toHaveTextContent('12.9716, 77.5946');
  });

  it("with a Maps key the map is not pulled back at each position, and fits both pins once the provider's is known", async () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, mapsApiKey: 'test-key' });
    fitted.length = 0;
    openMap(accepted);
    await screen.findByText(waitingFor('Ravi Kumar'));
    act(() => geo.move(12.9352, 77.6245));
    await screen.findByTestId('google-map-react');
    expect(googleProps).not.toHaveProperty('center');
    expect(fitted).toEqual([]);
    act(() => backend.emit(PROVIDER_ID, { ...HERE, updatedAt: Date.now() }));
    await waitFor(() => expect(fitted).toHaveLength(1));
    expect(fitted[0]).toEqual(expect.arrayContaining([HERE, { lat: 12.9352, lng: 77.6245 }]));
    // The provider moves, the customer too: the map stays where the user has it.
    act(() => backend.emit(PROVIDER_ID, { lat: 12.98, lng: 77.6, updatedAt: Date.now() }));
    act(() => geo.move(12.936, 77.625));
    expect(await screen.findByText('12.9800, 77.6000')).toBeInTheDocument();
    expect(fitted).toHaveLength(1);
    expect(googleProps).not.toHaveProperty('center');
  });

  it('Go Back returns to the screen it came from', async () => {
    const user = userEvent.setup();
    openMap(accepted, { before: ['/activebookingdetails'] });
    await screen.findByText(waitingFor('Ravi Kumar'));
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/activebookingdetails');
  });

  it("opened directly (a reload keeps the state, not the history), Go Back opens the job's details", async () => {
    const user = userEvent.setup();
    openMap(accepted);
    await screen.findByText(waitingFor('Ravi Kumar'));
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/activebookingdetails');
    expect(screen.getByTestId('location-state')).toHaveTextContent(JSON.stringify({ jobId: 7 }));
  });
});
