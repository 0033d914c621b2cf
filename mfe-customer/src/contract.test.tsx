import { screen } from '@testing-library/react';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import { describeContractRoutes, type ExpectedRoute } from 'shared/src/testing/contractSuite';
import contract from './contract';

/** What mfe_customer serves (DESIGN.md section 2), with the spec's screen titles. */
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
  });
});
