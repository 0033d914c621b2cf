import { screen } from '@testing-library/react';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import contract from './contract';

/** What mfe_customer serves (DESIGN.md section 2), with the spec's screen titles. */
const EXPECTED: [string, string, 'Customer' | 'Provider' | undefined][] = [
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
  it('is named mfe_customer and lists exactly its signed-in routes, with the role where the spec chooses by role', () => {
    expect(contract.name).toBe('mfe_customer');
    expect(contract.routes.map((r) => [r.path, r.title, r.role])).toEqual(EXPECTED);
    expect(contract.routes.every((r) => !r.public)).toBe(true);
  });

  it.each(EXPECTED)('%s shows a page titled "%s" (never a blank)', async (path, title, role) => {
    const route = contract.routes.find((r) => r.path === path && r.role === role)!;
    const { default: Screen } = await route.load();
    renderWithProviders(<Screen />, { session: signedInAs(role ?? 'Customer'), route: path.replace(/\/:[^/]+\?$/, ''), path });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });

  it('offers the HomeBlocks widget for customers: a Status block linking to /jobrequest', async () => {
    const widget = contract.widgets.find((w) => w.name === 'HomeBlocks');
    expect(widget?.role).toBe('Customer');
    const { default: HomeBlocks } = await widget!.load();
    renderWithProviders(<HomeBlocks />, { session: signedInAs('Customer') });
    expect(screen.getByRole('heading', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your bookings' })).toHaveAttribute('href', '/jobrequest');
  });
});
