import { act, screen, within } from '@testing-library/react';
import { bus } from 'shared';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import { describeContractRoutes, type ExpectedRoute } from 'shared/src/testing/contractSuite';
import contract from './contract';
import { fakeApi, ok, restoreFakeApis } from './testing/fakeApi';
import { makeProvider } from './testing/fixtures';

/** What mfe_customer serves (docs/architecture.md, 'How the page is composed'), with the spec's screen titles. */
const EXPECTED: ExpectedRoute[] = [
  ['/service', 'All Services', 'Customer'],
  ['/drivebooking', 'Book a Driver', undefined],
  ['/providerprofile', 'Provider Profile', undefined],
  ['/activebooking', 'Active Bookings', undefined],
  ['/previousbooking', 'Previous Bookings', undefined],
  ['/activebookingdetails', 'Booking Details', 'Customer'],
  ['/requestconfirmation', 'Request Confirmation', undefined],
  ['/bookingfinished', 'Rate your Booking', undefined],
  ['/viewonmap', 'View on Map', undefined],
];

describe('the mfe_customer contract', () => {
  // The screens load their data; an API with nothing in it answers them (no real network in tests).
  beforeEach(() => {
    fakeApi({
      'GET /api/services': ok([]),
      'GET /api/jobs': ok([]),
      'GET /api/getReview': ok([]),
      'GET /api/providers/1': ok([makeProvider({ id: 7, full_name: 'Meera Nair' })]),
      'GET /api/payment-methods': ok([]),
    });
  });
  afterEach(() => restoreFakeApis());

  it('is named mfe_customer', () => {
    expect(contract.name).toBe('mfe_customer');
  });

  describeContractRoutes(contract, EXPECTED);

  it('offers the HomeBlocks widget for customers: a Status block linking to /jobrequest', async () => {
    const widget = contract.widgets.find((w) => w.name === 'HomeBlocks');
    expect(widget?.role).toBe('Customer');
    const { default: HomeBlocks } = await widget!.load();
    renderWithProviders(<HomeBlocks />, { session: signedInAs('Customer') });
    expect(screen.getByRole('heading', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your bookings' })).toHaveAttribute('href', '/jobrequest');
    expect(await screen.findByText('You have no on-going bookings yet.')).toBeInTheDocument();
  });

  it('offers the BookingAssignHost widget for customers: nothing until asked, then the booking modal', async () => {
    const widget = contract.widgets.find((w) => w.name === 'BookingAssignHost');
    expect(widget?.role).toBe('Customer');
    const { default: BookingAssignHost } = await widget!.load();
    const { container } = renderWithProviders(<BookingAssignHost />, { session: signedInAs('Customer') });
    expect(container).toBeEmptyDOMElement();
    act(() => bus.emit({ type: 'booking/assign', providerId: 7, serviceId: 1 }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(await within(dialog).findByText('Meera Nair')).toBeInTheDocument();
  });
});
