import { screen } from '@testing-library/react';
import { NO_JOB_CHOSEN } from 'shared';
import RideFinishedPage from './RideFinishedPage';
import { renderScreen } from '../testing/renderScreen';

describe('Ride Finished (/ridefinished)', () => {
  it('congratulates with the spec text, shows the $20 wallet note and leads Home or to Active Bookings', () => {
    // As Finish Job leads here: with the finished job.
    renderScreen(<RideFinishedPage />, { path: '/ridefinished', state: { jobId: 7 } });
    expect(screen.getByRole('heading', { name: 'Ride Finished', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Congratulations! Ride has been Finished.' })).toBeInTheDocument();
    expect(screen.getByText('$20 has been added to your wallet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to Active Bookings' })).toHaveAttribute('href', '/activebooking');
  });

  it('opened from its address in a new tab (/ridefinished?job=7, no navigation state) still congratulates', () => {
    renderScreen(<RideFinishedPage />, { path: '/ridefinished', search: '?job=7' });
    expect(screen.getByRole('heading', { name: 'Congratulations! Ride has been Finished.' })).toBeInTheDocument();
    expect(screen.getByText('$20 has been added to your wallet.')).toBeInTheDocument();
    expect(screen.queryByText(NO_JOB_CHOSEN)).not.toBeInTheDocument();
  });

  it('opened without a job (typed or bookmarked as /ridefinished), congratulates nobody: no booking was chosen', () => {
    renderScreen(<RideFinishedPage />, { path: '/ridefinished' });
    expect(screen.getByRole('heading', { name: 'Ride Finished', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(NO_JOB_CHOSEN)).toBeInTheDocument();
    expect(screen.getByText('No booking was chosen.', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('Congratulations! Ride has been Finished.')).not.toBeInTheDocument();
    expect(screen.queryByText('$20 has been added to your wallet.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Previous Bookings' })).toHaveAttribute('href', '/previousbooking');
  });

  it('shows a customer no wallet note and leads them to their own view of the booking', () => {
    renderScreen(<RideFinishedPage />, { path: '/ridefinished', role: 'Customer', state: { jobId: 7 } });
    expect(screen.getByRole('heading', { name: 'Ride Finished', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('$20 has been added to your wallet.')).not.toBeInTheDocument();
    expect(screen.getByText('Only the provider of a booking can answer or finish it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Booking Details' })).toHaveAttribute('href', '/activebookingdetails?job=7');
  });
});
