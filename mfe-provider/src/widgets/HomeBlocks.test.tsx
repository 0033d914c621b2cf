import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from 'shared';
import HomeBlocks, { NO_SERVICE_STEP, NO_PRICE_STEP } from './HomeBlocks';
import { location, renderScreen } from '../testing/renderScreen';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { makeJob } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

const older = makeJob({
  id: 1,
  status: 'Accepted',
  created_at: '2025-03-01T10:00:00.000Z',
  customer: { id: 11, full_name: 'Vikram Rao', avatar: null },
});
const newer = makeJob({
  id: 2,
  status: 'Accepted',
  created_at: '2025-03-04T10:00:00.000Z',
  service_name: 'Delivery',
  price: 32.5,
});
const waiting = makeJob({
  id: 3,
  status: 'Pending',
  created_at: '2025-03-06T10:00:00.000Z',
  customer: { id: 12, full_name: 'Nisha Paul', avatar: null },
});

const status = () => screen.getByRole('region', { name: 'Status' });
const open = () => renderScreen(<HomeBlocks />, { path: '/', user: { completed_jobs: 7, total_provider_jobs: 12 } });

describe('provider Home blocks', () => {
  setupScreenTest();

  it('show Jobs Done, Total Payments $500 and Job Requests from the user', async () => {
    fakeApi({ 'GET /api/jobs': ok([]) });
    open();
    expect(screen.getByRole('heading', { name: 'Jobs Done' }).parentElement).toHaveTextContent('7');
    // Read after its heading (a screen reader jumping to 'Jobs Done' hears its number next, not the card's before).
    expect(screen.getByRole('heading', { name: 'Jobs Done' }).nextElementSibling).toHaveTextContent('7');
    expect(screen.getByRole('heading', { name: 'Total Payments' }).parentElement).toHaveTextContent('$500');
    expect(screen.getByRole('heading', { name: 'Job Requests' }).parentElement).toHaveTextContent('12');
    await screen.findByText('You have no on-going job right now.');
  });

  it('the Status block shows the newest Accepted job (customer, service, price) and View Details leads to /jobrequest', async () => {
    fakeApi({ 'GET /api/jobs': ok([waiting, newer, older]) });
    open();
    expect(within(status()).getByRole('status')).toBeInTheDocument();
    const job = await screen.findByRole('group', { name: 'On-going job' });
    expect(job).toHaveTextContent('Asha Verma');
    expect(job).toHaveTextContent('Delivery');
    expect(job).toHaveTextContent('Accepted');
    expect(job).toHaveTextContent('$32.50');
    expect(screen.queryByText('Vikram Rao')).not.toBeInTheDocument();
    expect(screen.queryByText('Nisha Paul')).not.toBeInTheDocument();
    await userEvent.click(within(status()).getByRole('link', { name: 'View Details' }));
    expect(location().pathname).toBe('/jobrequest');
  });

  it('Open Job leads to the job details', async () => {
    fakeApi({ 'GET /api/jobs': ok([newer]) });
    open();
    await userEvent.click(await screen.findByRole('link', { name: 'Open Job' }));
    expect(location()).toEqual({ pathname: '/provideractivebookingdetails', state: { jobId: 2 } });
  });

  it('says so when there is no on-going job, and still leads to the job requests', async () => {
    fakeApi({ 'GET /api/jobs': ok([waiting]) });
    open();
    expect(await screen.findByText('You have no on-going job right now.')).toBeInTheDocument();
    expect(within(status()).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/jobrequest');
  });

  it('updates live: a job accepted appears, a finished one goes', async () => {
    fakeApi({ 'GET /api/jobs': ok([waiting]) });
    open();
    await screen.findByText('You have no on-going job right now.');
    act(() => bus.emit({ type: 'job/updated', job: { ...waiting, status: 'Accepted' } }));
    expect(screen.getByRole('group', { name: 'On-going job' })).toHaveTextContent('Nisha Paul');
    act(() => bus.emit({ type: 'job/updated', job: { ...waiting, status: 'Completed' } }));
    expect(screen.getByText('You have no on-going job right now.')).toBeInTheDocument();
  });

  it('a failure shows the message and Retry', async () => {
    let attempts = 0;
    fakeApi({ 'GET /api/jobs': () => (++attempts === 1 ? fail(500, 'Server Error') : ok([newer])) });
    open();
    expect(await screen.findByText('Your jobs could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'On-going job' })).toHaveTextContent('Asha Verma');
  });

  describe('Get started, for a provider new to the app', () => {
    const setUp = { services_offered: 1, basic_price: 25, year_of_exp: 3, bio: 'Calm, punctual driver.' };
    const start = () => screen.queryByRole('region', { name: 'Get started' });

    it('leads a provider who offers no service and has no price, experience or bio to All Services and Edit Profile', async () => {
      fakeApi({ 'GET /api/jobs': ok([]) });
      renderScreen(<HomeBlocks />, {
        path: '/',
        user: { services_offered: 0, basic_price: null, year_of_exp: null, bio: null, completed_jobs: 0, total_provider_jobs: 0 },
      });
      // There from the first frame (no request waited for): it moves nothing on Home.
      const block = start()!;
      expect(block).toBeInTheDocument();
      expect(block).toHaveTextContent(NO_SERVICE_STEP);
      expect(block).toHaveTextContent(
        'Add your price, years of experience and bio: customers read them on your profile before they book.',
      );
      await userEvent.click(within(block).getByRole('link', { name: 'Add a service' }));
      expect(location().pathname).toBe('/service');
    });

    it('names only what is missing, and leads to Edit Profile', async () => {
      fakeApi({ 'GET /api/jobs': ok([]) });
      renderScreen(<HomeBlocks />, { path: '/', user: { ...setUp, basic_price: null } });
      const block = start()!;
      expect(block).not.toHaveTextContent(NO_SERVICE_STEP);
      expect(block).toHaveTextContent(
        'Add your price: customers read it on your profile before they book. Until you set a price, customers cannot book you.',
      );
      await userEvent.click(within(block).getByRole('link', { name: 'Edit Profile' }));
      expect(location().pathname).toBe('/editprofile');
    });

    it('says a price is what customers need to book, only while it is missing', () => {
      fakeApi({ 'GET /api/jobs': ok([]) });
      renderScreen(<HomeBlocks />, { path: '/', user: { ...setUp, bio: null } });
      const block = start()!;
      expect(block).toHaveTextContent('Add your bio: customers read it on your profile before they book.');
      expect(block).not.toHaveTextContent(NO_PRICE_STEP);
    });

    it('is not shown once a service is offered and the profile is filled in', async () => {
      fakeApi({ 'GET /api/jobs': ok([]) });
      renderScreen(<HomeBlocks />, { path: '/', user: setUp });
      await screen.findByText('You have no on-going job right now.');
      expect(start()).not.toBeInTheDocument();
    });
  });
});
