import { screen } from '@testing-library/react';
import RequestConfirmationPage, { CUSTOMERS_REQUEST } from './RequestConfirmationPage';
import { renderScreen } from '../testing/renderScreen';

describe('Request Confirmation (/requestconfirmation)', () => {
  it('asks to wait for the driver, with Back to Home and Go to Bookings (to /activebooking)', () => {
    renderScreen(<RequestConfirmationPage />, { path: '/requestconfirmation' });
    expect(screen.getByRole('heading', { name: 'Request Confirmation', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Wait for the Driver to Confirm your Request.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to Bookings' })).toHaveAttribute('href', '/activebooking');
  });

  it("a provider (a shared link) is told it is the customers' screen and led to Job Requests, not asked to wait", () => {
    renderScreen(<RequestConfirmationPage />, { path: '/requestconfirmation', role: 'Provider' });
    expect(screen.getByRole('heading', { name: 'Request Confirmation', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(CUSTOMERS_REQUEST)).toBeInTheDocument();
    expect(screen.queryByText('Wait for the Driver to Confirm your Request.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Job Requests' })).toHaveAttribute('href', '/jobrequest');
  });
});
