import { screen } from '@testing-library/react';
import RideFinishedPage from './RideFinishedPage';
import { renderScreen } from '../testing/renderScreen';

describe('Ride Finished (/ridefinished)', () => {
  it('congratulates with the spec text, shows the $20 wallet note and leads Home or to Active Bookings', () => {
    renderScreen(<RideFinishedPage />, { path: '/ridefinished' });
    expect(screen.getByRole('heading', { name: 'Ride Finished', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Congratulations! Ride has been Finished.' })).toBeInTheDocument();
    expect(screen.getByText('$20 has been added to your wallet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to Active Bookings' })).toHaveAttribute('href', '/activebooking');
  });

  it('shows a customer no wallet note and leads them to their own view of the booking', () => {
    renderScreen(<RideFinishedPage />, { path: '/ridefinished', role: 'Customer', state: { jobId: 7 } });
    expect(screen.getByRole('heading', { name: 'Ride Finished', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('$20 has been added to your wallet.')).not.toBeInTheDocument();
    expect(screen.getByText('Only the provider of a booking can answer or finish it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Booking Details' })).toHaveAttribute('href', '/activebookingdetails?job=7');
  });
});
