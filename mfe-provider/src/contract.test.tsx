import { screen } from '@testing-library/react';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import { describeContractRoutes, type ExpectedRoute } from 'shared/src/testing/contractSuite';
import contract from './contract';
import { fakeApi, ok, restoreFakeApis } from './testing/fakeApi';
import { makeJob, services } from './testing/fixtures';

/** What mfe_provider serves (docs/architecture.md, 'How the page is composed'), with the spec's screen titles. */
const EXPECTED: ExpectedRoute[] = [
  ['/jobrequest', 'Job Requests', undefined],
  ['/jobrequestdetails', 'Job Request Details', undefined],
  ['/deliveryconfirmation', 'Delivery Confirmation', undefined],
  ['/provideractivebookingdetails', 'Job Details', undefined],
  ['/ridefinished', 'Ride Finished', undefined],
  ['/service', 'All Services', 'Provider'],
  ['/activebookingdetails', 'Job Details', 'Provider'],
];

describe('the mfe_provider contract', () => {
  // The screens load their data; answer it so that no test reaches for a network.
  beforeEach(() => {
    fakeApi({
      'GET /api/jobs': ok([makeJob({ id: 2, status: 'Accepted' })]),
      'GET /api/services': ok(services),
      'GET /api/user-services': ok([]),
    });
  });
  afterEach(restoreFakeApis);

  it('is named mfe_provider', () => {
    expect(contract.name).toBe('mfe_provider');
  });

  describeContractRoutes(contract, EXPECTED);

  it('offers the HomeBlocks widget for providers: Jobs Done, Total Payments $500, Job Requests', async () => {
    const widget = contract.widgets.find((w) => w.name === 'HomeBlocks');
    expect(widget?.role).toBe('Provider');
    const { default: HomeBlocks } = await widget!.load();
    renderWithProviders(<HomeBlocks />, { session: signedInAs('Provider', { completed_jobs: 7, total_provider_jobs: 12 }) });
    expect(screen.getByRole('heading', { name: 'Jobs Done' }).parentElement).toHaveTextContent('7');
    expect(screen.getByRole('heading', { name: 'Total Payments' }).parentElement).toHaveTextContent('$500');
    expect(screen.getByRole('heading', { name: 'Job Requests' }).parentElement).toHaveTextContent('12');
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/jobrequest');
    expect(await screen.findByRole('group', { name: 'On-going job' })).toHaveTextContent('Asha Verma');
  });
});
