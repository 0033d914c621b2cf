import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { createAppStore } from 'shared';
import { signedInAs } from 'shared/src/testing';
import { LocationProbe } from 'shared/src/testing/renderScreen';
import DriveBookingPage from './DriveBookingPage';
import { renderScreen } from '../testing/renderScreen';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { meera, ravi, services } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';
import { SERVICE_NOT_FOUND } from '../components/bookingTexts';

describe('Book a Driver (/drivebooking)', () => {
  setupScreenTest();

  it('lists the Suggested Drivers of the service with avatar, name, Certified Driver and rating', async () => {
    const api = fakeApi({ 'GET /api/providers/2': ok([ravi, meera]) });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking', state: { serviceId: 2 } });
    expect(screen.getByRole('heading', { name: 'Book a Driver', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Suggested Drivers' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading drivers');
    const list = await screen.findByRole('list', { name: 'Suggested Drivers' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Ravi Kumar');
    expect(first).toHaveTextContent('Certified Driver');
    expect(first).toHaveTextContent('4.0'); // no ratings yet: the spec's 4.0
    expect(first.querySelector('.ui-avatar')).toHaveTextContent('R'); // initial avatar without a picture
    expect(second).toHaveTextContent('Meera Nair');
    expect(second).toHaveTextContent('4.3'); // the real average
    expect(api.callsTo('GET', '/api/services')).toHaveLength(0);
  });

  it('a driver who has not set a price is listed after those who can be booked, and says so', async () => {
    const unpriced = { ...ravi, id: 31, full_name: 'Nina Unpriced', basic_price: null };
    fakeApi({ 'GET /api/providers/2': ok([unpriced, ravi, meera]) });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking', state: { serviceId: 2 } });
    const list = await screen.findByRole('list', { name: 'Suggested Drivers' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      expect.stringContaining('Ravi Kumar'),
      expect.stringContaining('Meera Nair'),
      expect.stringContaining('Nina Unpriced'),
    ]);
    expect(items[2]).toHaveTextContent('No price yet');
    expect(items[0]).not.toHaveTextContent('No price yet');
    expect(items[1]).not.toHaveTextContent('No price yet');
  });

  it('each driver opens the provider profile with the service and provider ids', async () => {
    fakeApi({ 'GET /api/providers/2': ok([ravi, meera]) });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking', state: { serviceId: 2 } });
    await userEvent.click(await screen.findByRole('link', { name: /Meera Nair/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/providerprofile');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"serviceId":2,"providerId":21}');
  });

  it('Search Providers filters by name as the user types, and says so when nothing matches', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi, meera]) });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking', state: { serviceId: 1 } });
    await screen.findByRole('link', { name: /Ravi Kumar/ });
    const search = screen.getByRole('searchbox', { name: 'Search Providers' });
    await userEvent.type(search, 'mee');
    expect(screen.getByRole('link', { name: /Meera Nair/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ravi Kumar/ })).not.toBeInTheDocument();
    await userEvent.type(search, 'x');
    expect(screen.getByText('No providers match “meex”.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Suggested Drivers' })).not.toBeInTheDocument();
    await userEvent.clear(search);
    expect(screen.getAllByRole('link', { name: /Certified Driver/ })).toHaveLength(2);
  });

  it('what was typed into Search Providers is still there, filtering, after Back from a driver (and in the address for a reload)', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi, meera]) });
    function ProfileWithBack() {
      const navigate = useNavigate();
      return (
        <>
          <LocationProbe />
          <button type="button" onClick={() => void navigate(-1)}>
            Go Back
          </button>
        </>
      );
    }
    render(
      <Provider store={createAppStore(signedInAs('Customer'))}>
        <MemoryRouter
          initialEntries={['/service', { pathname: '/drivebooking', search: '?service=1', state: { serviceId: 1 } }]}
          initialIndex={1}
        >
          <Routes>
            <Route path="/drivebooking" element={<DriveBookingPage />} />
            <Route path="/providerprofile" element={<ProfileWithBack />} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    const user = userEvent.setup();
    await screen.findByRole('link', { name: /Ravi Kumar/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search Providers' }), 'mee');
    await user.click(screen.getByRole('link', { name: /Meera Nair/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/providerprofile');
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('link', { name: /Meera Nair/ })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search Providers' })).toHaveValue('mee');
    expect(screen.queryByRole('link', { name: /Ravi Kumar/ })).not.toBeInTheDocument();
  });

  it('opened from an address with a search (a reload) it shows the drivers filtered by it', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi, meera]) });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking', search: '?service=1&q=ravi', state: { serviceId: 1 } });
    expect(await screen.findByRole('link', { name: /Ravi Kumar/ })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search Providers' })).toHaveValue('ravi');
    expect(screen.queryByRole('link', { name: /Meera Nair/ })).not.toBeInTheDocument();
  });

  it('opened without a service (typed URL, reload) it uses the first service', async () => {
    const api = fakeApi({ 'GET /api/services': ok(services), 'GET /api/providers/1': ok([ravi]) });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking' });
    expect(await screen.findByRole('link', { name: /Ravi Kumar/ })).toBeInTheDocument();
    expect(screen.getByText('For the Driver service')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/providers/1')).toHaveLength(1);
  });

  it('opened from its address (a link opened in a new tab) it lists and names that service, and links carry the ids', async () => {
    const api = fakeApi({ 'GET /api/services': ok(services), 'GET /api/providers/2': ok([ravi, meera]) });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking', search: '?service=2' });
    const meeraLink = await screen.findByRole('link', { name: /Meera Nair/ });
    expect(screen.getByText(`For the ${services[1].name} service`)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/providers/1')).toHaveLength(0);
    expect(meeraLink).toHaveAttribute('href', '/providerprofile?service=2&provider=21');
  });

  it.each(['?service=99', '?service=abc', '?service=0'])(
    "opened from an address naming no service (%s) it says so, lists no other service's drivers and leads to all services",
    async (search) => {
      const api = fakeApi({ 'GET /api/services': ok(services), 'GET /api/providers/1': ok([ravi]) });
      renderScreen(<DriveBookingPage />, { path: '/drivebooking', search });
      expect(await screen.findByText(SERVICE_NOT_FOUND)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'See all services' })).toHaveAttribute('href', '/service');
      expect(screen.queryByText(/For the .* service/)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Ravi Kumar/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      expect(api.callsTo('GET', '/api/providers/1')).toHaveLength(0);
    },
  );

  it('opened with a service the API does not know (404) it says so, with no Retry', async () => {
    fakeApi({ 'GET /api/providers/7': fail(404, 'Service not found.') });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking', state: { serviceId: 7 } });
    expect(await screen.findByText(SERVICE_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says so when no driver offers the service', async () => {
    fakeApi({ 'GET /api/providers/3': ok([]) });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking', state: { serviceId: 3 } });
    expect(await screen.findByText('No drivers offer this service yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all services' })).toHaveAttribute('href', '/service');
  });

  it('says so when there is no service at all', async () => {
    fakeApi({ 'GET /api/services': ok([]) });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking' });
    expect(await screen.findByText('No services are available yet, so there are no drivers to book.')).toBeInTheDocument();
  });

  it('shows a clear failure with Retry', async () => {
    let calls = 0;
    fakeApi({ 'GET /api/providers/1': () => (++calls === 1 ? fail(500, 'Server Error') : ok([ravi])) });
    renderScreen(<DriveBookingPage />, { path: '/drivebooking', state: { serviceId: 1 } });
    expect(await screen.findByText('The drivers could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Ravi Kumar/ })).toBeInTheDocument();
  });
});
