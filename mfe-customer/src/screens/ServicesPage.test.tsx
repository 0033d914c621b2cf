import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from 'shared';
import ServicesPage from './ServicesPage';
import { renderScreen } from '../testing/renderScreen';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { services } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

describe('All Services (/service, customer)', () => {
  setupScreenTest();
  beforeAll(() => setRuntimeConfig({ apiUrl: 'http://api.test' }));

  it('shows a loader, then a card per service with icon, name and description', async () => {
    fakeApi({ 'GET /api/services': ok(services) });
    renderScreen(<ServicesPage />, { path: '/service' });
    expect(screen.getByRole('heading', { name: 'All Services', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading services');
    const driver = await screen.findByRole('article', { name: 'Driver' });
    expect(within(driver).getByText('A certified driver takes the wheel of your car.')).toBeInTheDocument();
    expect(driver.querySelector('img')).toHaveAttribute('src', 'http://api.test/static/icons/driver.svg');
    expect(screen.getByRole('article', { name: 'Delivery' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Book Now' })).toHaveLength(2);
    // Each says which service it books, to a screen reader listing the buttons.
    expect(within(driver).getByRole('button', { name: 'Book Now' })).toHaveAccessibleDescription('Driver');
  });

  it('Book Now opens Book a Driver for that service', async () => {
    fakeApi({ 'GET /api/services': ok(services) });
    renderScreen(<ServicesPage />, { path: '/service' });
    const delivery = await screen.findByRole('article', { name: 'Delivery' });
    await userEvent.click(within(delivery).getByRole('button', { name: 'Book Now' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/drivebooking');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"serviceId":2}');
  });

  it('says so when there are no services', async () => {
    fakeApi({ 'GET /api/services': ok([]) });
    renderScreen(<ServicesPage />, { path: '/service' });
    expect(await screen.findByText('No services are available yet. Please check again later.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('shows a clear failure with Retry, and Retry loads again', async () => {
    let calls = 0;
    fakeApi({ 'GET /api/services': () => (++calls === 1 ? fail(500, 'Server Error') : ok(services)) });
    renderScreen(<ServicesPage />, { path: '/service' });
    expect(await screen.findByText('The services could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Server Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Driver' })).toBeInTheDocument();
  });
});
