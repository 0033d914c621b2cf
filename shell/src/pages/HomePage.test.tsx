/// <reference types="@testing-library/jest-dom" />
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, fetchServices, type RemoteContract, type Service } from 'shared';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RemotesProvider } from '../federation/RemotesContext';
import type { RemoteLoader, RemoteName } from '../federation/types';
import HomePage, { SERVICES_WAIT_MS } from './HomePage';

jest.mock('shared', () => ({ ...jest.requireActual<typeof import('shared')>('shared'), fetchServices: jest.fn() }));
const mockedFetchServices = fetchServices as jest.MockedFunction<typeof fetchServices>;

const SERVICES: Service[] = [
  { id: 1, name: 'Driver', description: 'A driver', icon: '/static/icons/driver.svg' },
  { id: 2, name: 'Delivery', description: 'Deliveries', icon: '/static/icons/delivery.svg' },
  { id: 3, name: 'Shipping', description: 'Shipping', icon: '/static/icons/shipping.svg' },
];

const contractWithBlocks = (name: RemoteName, text: string): RemoteContract => ({
  name,
  routes: [],
  widgets: [{ name: 'HomeBlocks', load: async () => ({ default: () => <p>{text}</p> }) }],
});

function loader(down: RemoteName[] = []): RemoteLoader {
  const load = async (name: RemoteName) => {
    if (down.includes(name)) throw new Error(`${name} is down`);
    if (name === 'mfe_customer') return contractWithBlocks(name, 'Customer blocks');
    if (name === 'mfe_provider') return contractWithBlocks(name, 'Provider blocks');
    return { name, routes: [], widgets: [] };
  };
  return { loadContract: load, retryContract: load };
}

function renderHome(role: 'Customer' | 'Provider', remoteLoader = loader()) {
  return renderWithProviders(
    <RemotesProvider loader={remoteLoader}>
      <HomePage />
    </RemotesProvider>,
    { session: signedInAs(role) },
  );
}

describe('HomePage', () => {
  it('shows the Services row after SERVICES_WAIT_MS when the blocks do not come', async () => {
    jest.useFakeTimers();
    mockedFetchServices.mockResolvedValue({ data: SERVICES, message: '' });
    const hanging: RemoteLoader = {
      loadContract: () => new Promise(() => undefined),
      retryContract: () => new Promise(() => undefined),
    };
    renderHome('Customer', hanging);
    expect(screen.queryByRole('heading', { name: 'Services' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(SERVICES_WAIT_MS));
    expect(screen.getByRole('heading', { name: 'Services' })).toBeInTheDocument();
    jest.useRealTimers();
  });

  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    mockedFetchServices.mockReset();
    jest.restoreAllMocks();
  });

  it('shows the title, the customer blocks and the Services row from the API with a see-all link', async () => {
    mockedFetchServices.mockResolvedValue({ data: SERVICES, message: '' });
    renderHome('Customer');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    // The row waits for the blocks above it, so their arrival never pushes it down.
    expect(screen.queryByRole('heading', { name: 'Services' })).not.toBeInTheDocument();
    expect(await screen.findByText('Customer blocks')).toBeInTheDocument();
    const row = await screen.findByRole('list', { name: 'Services' });
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Driver', 'Delivery', 'Shipping']);
    expect(within(row).getAllByRole('presentation')[0]).toHaveAttribute('src', 'http://localhost:4000/static/icons/driver.svg');
    expect(screen.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/service');
    expect(await screen.findByText('Customer blocks')).toBeInTheDocument();
    expect(screen.queryByText('Provider blocks')).not.toBeInTheDocument();
    expect(mockedFetchServices).toHaveBeenCalledWith({ silent: true });
  });

  it('mounts the provider blocks for a provider', async () => {
    mockedFetchServices.mockResolvedValue({ data: SERVICES, message: '' });
    renderHome('Provider');
    expect(await screen.findByText('Provider blocks')).toBeInTheDocument();
    expect(screen.queryByText('Customer blocks')).not.toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Services' })).toBeInTheDocument();
  });

  it.each([
    ['Customer', '/drivebooking', '{"serviceId":2}'],
    ['Provider', '/service', 'null'],
  ] as const)('a %s opening a service card lands on %s', async (role, path, state) => {
    mockedFetchServices.mockResolvedValue({ data: SERVICES, message: '' });
    const user = userEvent.setup();
    function Landed() {
      const location = useLocation();
      return <p>{`landed on ${location.pathname} with ${JSON.stringify(location.state)}`}</p>;
    }
    renderWithProviders(
      <RemotesProvider loader={loader()}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </RemotesProvider>,
      { session: signedInAs(role) },
    );
    const row = await screen.findByRole('list', { name: 'Services' });
    await user.click(within(row).getByRole('link', { name: 'Delivery' }));
    expect(await screen.findByText(`landed on ${path} with ${state}`)).toBeInTheDocument();
  });

  it('offers Retry when the services cannot be loaded, and loads them again', async () => {
    mockedFetchServices.mockRejectedValueOnce(new Error('Network Error')).mockResolvedValue({ data: SERVICES, message: '' });
    const user = userEvent.setup();
    renderHome('Customer');
    expect(await screen.findByText('The services could not be loaded.')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Services' })).toBeInTheDocument();
  });

  it('says why the services could not be loaded, and reads them again by itself once the realtime channel is back after an outage', async () => {
    mockedFetchServices.mockRejectedValueOnce(new Error('Network Error')).mockResolvedValue({ data: SERVICES, message: '' });
    renderHome('Customer');
    expect(await screen.findByText('The services could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Network Error')).toBeInTheDocument();
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    expect(await screen.findByRole('list', { name: 'Services' })).toBeInTheDocument();
    expect(mockedFetchServices).toHaveBeenCalledTimes(2);
  });

  it('keeps the title and the Services row when the role remote is down', async () => {
    mockedFetchServices.mockResolvedValue({ data: SERVICES, message: '' });
    renderHome('Customer', loader(['mfe_customer']));
    expect(await screen.findByText('This part of the app is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Services' })).toBeInTheDocument();
  });
});
