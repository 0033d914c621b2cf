import { screen } from '@testing-library/react';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import contract from './contract';

/** What mfe_provider serves (DESIGN.md section 2), with the spec's screen titles. */
const EXPECTED: [string, string, 'Customer' | 'Provider' | undefined][] = [
    ['/jobrequest', 'Job Requests', undefined],
    ['/jobrequestdetails', 'Job Request Details', undefined],
    ['/deliveryconfirmation', 'Delivery Confirmation', undefined],
    ['/provideractivebookingdetails', 'Job Details', undefined],
    ['/ridefinished', 'Ride Finished', undefined],
    ['/service', 'All Services', 'Provider'],
    ['/activebookingdetails', 'Job Details', 'Provider'],
];

describe('the mfe_provider contract', () => {
  it('is named mfe_provider and lists exactly its signed-in routes, with the role where the spec chooses by role', () => {
    expect(contract.name).toBe('mfe_provider');
    expect(contract.routes.map((r) => [r.path, r.title, r.role])).toEqual(EXPECTED);
    expect(contract.routes.every((r) => !r.public)).toBe(true);
  });

  it.each(EXPECTED)('%s shows a page titled "%s" (never a blank)', async (path, title, role) => {
    const route = contract.routes.find((r) => r.path === path && r.role === role)!;
    const { default: Screen } = await route.load();
    renderWithProviders(<Screen />, { session: signedInAs(role ?? 'Customer'), route: path.replace(/\/:[^/]+\?$/, ''), path });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });

  it('offers the HomeBlocks widget for providers: Jobs Done, Total Payments $500, Job Requests', async () => {
    const widget = contract.widgets.find((w) => w.name === 'HomeBlocks');
    expect(widget?.role).toBe('Provider');
    const { default: HomeBlocks } = await widget!.load();
    renderWithProviders(<HomeBlocks />, { session: signedInAs('Provider', { completed_jobs: 7, total_provider_jobs: 12 }) });
    expect(screen.getByRole('heading', { name: 'Jobs Done' }).parentElement).toHaveTextContent('7');
    expect(screen.getByRole('heading', { name: 'Total Payments' }).parentElement).toHaveTextContent('$500');
    expect(screen.getByRole('heading', { name: 'Job Requests' }).parentElement).toHaveTextContent('12');
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/jobrequest');
  });
});
