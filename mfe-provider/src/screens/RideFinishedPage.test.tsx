import { screen } from '@testing-library/react';
import { JOB_NOT_FOUND, JOB_NOT_YOURS, NO_JOB_CHOSEN } from 'shared';
import RideFinishedPage from './RideFinishedPage';
import { renderScreen } from '../testing/renderScreen';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { makeJob } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

const CONGRATULATIONS = 'Congratulations! Ride has been Finished.';
const WALLET = '$20 has been added to your wallet.';

describe('Ride Finished (/ridefinished)', () => {
  setupScreenTest();

  it('congratulates with the spec text, shows the $20 wallet note and leads Home or to Active Bookings', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(makeJob({ id: 7, status: 'Completed' })) });
    // As Finish Job leads here: with the finished job.
    renderScreen(<RideFinishedPage />, { path: '/ridefinished', state: { jobId: 7 } });
    expect(screen.getByRole('heading', { name: 'Ride Finished', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: CONGRATULATIONS })).toBeInTheDocument();
    expect(screen.getByText(WALLET)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to Active Bookings' })).toHaveAttribute('href', '/activebooking');
  });

  it('opened from its address in a new tab (/ridefinished?job=7, no navigation state) still congratulates', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(makeJob({ id: 7, status: 'Completed' })) });
    renderScreen(<RideFinishedPage />, { path: '/ridefinished', search: '?job=7' });
    expect(await screen.findByRole('heading', { name: CONGRATULATIONS })).toBeInTheDocument();
    expect(screen.getByText(WALLET)).toBeInTheDocument();
    expect(screen.queryByText(NO_JOB_CHOSEN)).not.toBeInTheDocument();
  });

  it.each([
    ['Accepted', 'This booking has not been finished: it is Accepted.'],
    ['Pending', 'This booking has not been finished: it is Waiting for Approval.'],
    ['Rejected', 'This booking has not been finished: it is Rejected.'],
  ] as const)('opened by hand for a booking that is %s: no congratulation, and the way to the booking', async (status, text) => {
    fakeApi({ 'GET /api/jobs/36': ok(makeJob({ id: 36, status })) });
    renderScreen(<RideFinishedPage />, { path: '/ridefinished', search: '?job=36' });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(CONGRATULATIONS)).not.toBeInTheDocument();
    expect(screen.queryByText(WALLET)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Job Details' })).toHaveAttribute(
      'href',
      '/provideractivebookingdetails?job=36',
    );
  });

  it.each([
    [403, 'This action is unauthorized.', JOB_NOT_YOURS],
    [404, 'Not Found', JOB_NOT_FOUND],
  ])("opened for another's or an unknown booking (%i): says so, no congratulation", async (status, message, text) => {
    fakeApi({ 'GET /api/jobs/3': fail(status, message) });
    renderScreen(<RideFinishedPage />, { path: '/ridefinished', search: '?job=3' });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(CONGRATULATIONS)).not.toBeInTheDocument();
    expect(screen.queryByText(WALLET)).not.toBeInTheDocument();
  });

  it('opened without a job (typed or bookmarked as /ridefinished), congratulates nobody: no booking was chosen', () => {
    renderScreen(<RideFinishedPage />, { path: '/ridefinished' });
    expect(screen.getByRole('heading', { name: 'Ride Finished', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(NO_JOB_CHOSEN)).toBeInTheDocument();
    expect(screen.queryByText(CONGRATULATIONS)).not.toBeInTheDocument();
    expect(screen.queryByText(WALLET)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Previous Bookings' })).toHaveAttribute('href', '/previousbooking');
  });

  it('shows a customer no wallet note and leads them to their own view of the booking', () => {
    renderScreen(<RideFinishedPage />, { path: '/ridefinished', role: 'Customer', state: { jobId: 7 } });
    expect(screen.getByRole('heading', { name: 'Ride Finished', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(WALLET)).not.toBeInTheDocument();
    expect(screen.getByText('Only the provider of a booking can answer or finish it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Booking Details' })).toHaveAttribute('href', '/activebookingdetails?job=7');
  });
});
