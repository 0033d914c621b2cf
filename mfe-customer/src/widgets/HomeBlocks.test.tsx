import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from 'shared';
import HomeBlocks from './HomeBlocks';
import { renderScreen } from '../testing/renderScreen';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { byProvider, makeJob, makeReview } from '../testing/fixtures';
import { OFFERS, SAMPLE_REVIEWS } from '../lib/samples';
import { setupScreenTest } from '../testing/screenTest';

const older = makeJob({
  id: 1,
  status: 'Accepted',
  created_at: '2025-03-01T10:00:00.000Z',
  ...byProvider(21, 'Meera Nair'),
});
const newest = makeJob({ id: 2, status: 'Pending', price: 25, created_at: '2025-03-04T10:00:00.000Z' });
const done = makeJob({
  id: 3,
  status: 'Completed',
  created_at: '2025-03-09T10:00:00.000Z',
  ...byProvider(22, 'Arjun Singh'),
});

const status = () => screen.getByRole('region', { name: 'Status' });

describe('the customer Home blocks', () => {
  setupScreenTest();

  it('the Status block shows the newest on-going booking: provider, service, status and price, with View Details', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/jobs': ok([done, older, newest]), 'GET /api/getReview': ok([]) });
    renderScreen(<HomeBlocks />, { path: '/' });
    const booking = await within(status()).findByRole('group', { name: 'On-going booking' });
    expect(booking).toHaveTextContent('Ravi Kumar');
    expect(booking).toHaveTextContent('Driver');
    expect(booking).toHaveTextContent('Waiting for Approval');
    expect(booking).toHaveTextContent('$25');
    expect(within(status()).getByRole('link', { name: 'View your bookings' })).toHaveAttribute('href', '/jobrequest');
    await user.click(within(booking).getByRole('link', { name: 'View Details' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/activebookingdetails');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"jobId":2}');
  });

  it('says so when there is no on-going booking, with a link to the services', async () => {
    fakeApi({ 'GET /api/jobs': ok([done]), 'GET /api/getReview': ok([]) });
    renderScreen(<HomeBlocks />, { path: '/' });
    // Not 'yet': this customer has booked before.
    expect(await within(status()).findByText('You have no on-going bookings.')).toBeInTheDocument();
    expect(within(status()).getByRole('link', { name: 'Book a service' })).toHaveAttribute('href', '/service');
  });

  it('the Status block updates live when the provider answers', async () => {
    fakeApi({ 'GET /api/jobs': ok([newest]), 'GET /api/getReview': ok([]) });
    renderScreen(<HomeBlocks />, { path: '/' });
    const booking = await within(status()).findByRole('group', { name: 'On-going booking' });
    expect(booking).toHaveTextContent('Waiting for Approval');
    act(() => bus.emit({ type: 'job/updated', job: { ...newest, status: 'Accepted' } }));
    expect(within(status()).getByRole('group', { name: 'On-going booking' })).toHaveTextContent('Accepted');
    act(() => bus.emit({ type: 'job/updated', job: { ...newest, status: 'Rejected' } }));
    expect(within(status()).getByText('You have no on-going bookings.')).toBeInTheDocument();
  });

  it('a booking cancelled elsewhere leaves the Status block live (issue 13)', async () => {
    fakeApi({ 'GET /api/jobs': ok([newest]), 'GET /api/getReview': ok([]) });
    renderScreen(<HomeBlocks />, { path: '/' });
    await within(status()).findByRole('group', { name: 'On-going booking' });
    act(() => bus.emit({ type: 'job/updated', job: { ...newest, status: 'Cancelled', refunded: true } }));
    expect(within(status()).getByText('You have no on-going bookings.')).toBeInTheDocument();
  });

  it('the Status block shows a clear failure with Retry', async () => {
    fakeApi({ 'GET /api/jobs': fail(500, 'Server Error'), 'GET /api/getReview': ok([]) });
    renderScreen(<HomeBlocks />, { path: '/' });
    expect(await within(status()).findByText('Your bookings could not be loaded.')).toBeInTheDocument();
    expect(within(status()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows Offers for you', async () => {
    fakeApi({ 'GET /api/jobs': ok([]), 'GET /api/getReview': ok([]) });
    renderScreen(<HomeBlocks />, { path: '/' });
    const offers = screen.getByRole('region', { name: 'Offers for you' });
    expect(within(offers).getAllByRole('listitem')).toHaveLength(OFFERS.length);
    expect(within(offers).getByRole('heading', { name: OFFERS[0].title })).toBeInTheDocument();
    await screen.findByText('You have no on-going bookings yet.');
  });

  it('Recent Reviews shows the real reviews when there are any', async () => {
    fakeApi({ 'GET /api/jobs': ok([]), 'GET /api/getReview': ok([makeReview({ feedback: 'Very safe driving.' })]) });
    renderScreen(<HomeBlocks />, { path: '/' });
    const reviews = screen.getByRole('region', { name: 'Recent Reviews' });
    expect(await within(reviews).findByText('Very safe driving.')).toBeInTheDocument();
    expect(within(reviews).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(reviews).queryByText(SAMPLE_REVIEWS[0].feedback)).not.toBeInTheDocument();
  });

  it('Recent Reviews shows the static samples when there are none', async () => {
    fakeApi({ 'GET /api/jobs': ok([]), 'GET /api/getReview': ok([]) });
    renderScreen(<HomeBlocks />, { path: '/' });
    const reviews = screen.getByRole('region', { name: 'Recent Reviews' });
    expect(await within(reviews).findByText(SAMPLE_REVIEWS[0].feedback)).toBeInTheDocument();
  });

  it('Recent Reviews shows a clear failure with Retry', async () => {
    fakeApi({ 'GET /api/jobs': ok([]), 'GET /api/getReview': fail(500, 'Server Error') });
    renderScreen(<HomeBlocks />, { path: '/' });
    const reviews = screen.getByRole('region', { name: 'Recent Reviews' });
    expect(await within(reviews).findByText('The reviews could not be loaded.')).toBeInTheDocument();
    expect(within(reviews).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('Recent Reviews that failed are read again by themselves once the realtime channel is back after an outage', async () => {
    let attempt = 0;
    fakeApi({
      'GET /api/jobs': ok([]),
      'GET /api/getReview': () => (attempt++ === 0 ? fail(500, 'Server Error') : ok([])),
    });
    renderScreen(<HomeBlocks />, { path: '/' });
    const reviews = screen.getByRole('region', { name: 'Recent Reviews' });
    expect(await within(reviews).findByText('The reviews could not be loaded.')).toBeInTheDocument();
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    expect(await within(reviews).findByText(SAMPLE_REVIEWS[0].feedback)).toBeInTheDocument();
  });
});
