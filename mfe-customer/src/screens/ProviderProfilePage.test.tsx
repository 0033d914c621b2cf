import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProviderProfilePage, { CUSTOMERS_BOOK, NO_PROVIDER_CHOSEN, NOT_SET, PROVIDER_NOT_FOUND } from './ProviderProfilePage';
import { renderScreen } from '../testing/renderScreen';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { makeReview, meera, ravi, visa } from '../testing/fixtures';
import { DEFAULT_BIO, SAMPLE_REVIEWS } from '../lib/samples';
import {
  CHECK_BOOKINGS_FIRST,
  DRIVER_WITHOUT_PRICE,
  SERVICE_NOT_FOUND,
  UNANSWERED_ATTEMPT_NOTE,
} from '../components/bookingTexts';
import { keepUnsettledAttempt } from '../components/bookingAttempt';
import { setupScreenTest } from '../testing/screenTest';

const state = { serviceId: 1, providerId: ravi.id };

describe('the provider profile (/providerprofile)', () => {
  setupScreenTest();

  it('offers a provider who opens it no Assign Job or Chat (a customer books), only Go Back', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi]), 'GET /api/getReview': ok([]) });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state, role: 'Provider' });
    expect(await screen.findByRole('heading', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByText(CUSTOMERS_BOOK)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign Job' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chat' })).not.toBeInTheDocument();
  });

  it("shows the driver: avatar, name, Certified Driver, rating, stats, About and this driver's real reviews", async () => {
    const api = fakeApi({
      'GET /api/providers/1': ok([meera, { ...ravi, rating: 4.5 }]),
      'GET /api/getReview': ok([makeReview({ feedback: 'Smooth ride to the airport.', rating: 4 })]),
    });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state });
    expect(screen.getByRole('heading', { name: 'Provider Profile', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ravi Kumar' })).toHaveTextContent('R');
    expect(screen.getByText('Certified Driver')).toBeInTheDocument();
    expect(screen.getByText('4.5')).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Stats' });
    // Completed jobs, not every request the provider ever had (12).
    expect(within(stats).getByText('Jobs Done').nextSibling).toHaveTextContent('9');
    expect(within(stats).getByText('Years of Experience').nextSibling).toHaveTextContent('6');
    expect(within(stats).getByText('Price per Service').nextSibling).toHaveTextContent('$25');
    expect(
      within(screen.getByRole('region', { name: 'About' })).getByText('Calm, punctual driver with a clean record.'),
    ).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Recent Reviews' });
    expect(within(reviews).getByText('Smooth ride to the airport.')).toBeInTheDocument();
    expect(within(reviews).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(reviews).queryByText(SAMPLE_REVIEWS[0].feedback)).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/getReview')[0].params).toEqual({ provider_id: ravi.id });
  });

  it('opened from its address (a link opened in a new tab, a bookmark) it shows that driver', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi, meera]), 'GET /api/getReview': ok([]) });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', search: `?service=1&provider=${meera.id}` });
    expect(await screen.findByRole('heading', { name: 'Meera Nair' })).toBeInTheDocument();
  });

  it('falls back to the default About text, the 4.0 rating and the sample reviews when there is nothing real', async () => {
    fakeApi({ 'GET /api/providers/1': ok([{ ...meera, rating: null }]), 'GET /api/getReview': ok([]) });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state: { serviceId: 1, providerId: meera.id } });
    expect(await screen.findByText(DEFAULT_BIO)).toBeInTheDocument();
    expect(screen.getByText('4.0')).toBeInTheDocument();
    expect(screen.getByText(SAMPLE_REVIEWS[0].feedback)).toBeInTheDocument();
  });

  it("says 'Not set yet' for the price and experience a driver new to the app has not given, not $0 and 0", async () => {
    const newcomer = { ...meera, rating: null, year_of_exp: null, basic_price: null, completed_jobs: 0, total_provider_jobs: 0 };
    fakeApi({ 'GET /api/providers/1': ok([newcomer]), 'GET /api/getReview': ok([]) });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state: { serviceId: 1, providerId: meera.id } });
    const stats = await screen.findByRole('region', { name: 'Stats' });
    expect(within(stats).getByText('Jobs Done').nextSibling).toHaveTextContent('0');
    expect(within(stats).getByText('Years of Experience').nextSibling).toHaveTextContent(NOT_SET);
    expect(within(stats).getByText('Price per Service').nextSibling).toHaveTextContent(NOT_SET);
    expect(stats).not.toHaveTextContent('$0');
    // Nothing to book at $0: no Assign Job, the reason instead; Chat stays.
    expect(screen.getByText(DRIVER_WITHOUT_PRICE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign Job' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat' })).toBeInTheDocument();
  });

  it('shows a price and experience of 0 the driver did give', async () => {
    fakeApi({ 'GET /api/providers/1': ok([{ ...meera, year_of_exp: 0, basic_price: 0 }]), 'GET /api/getReview': ok([]) });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state: { serviceId: 1, providerId: meera.id } });
    const stats = await screen.findByRole('region', { name: 'Stats' });
    expect(within(stats).getByText('Years of Experience').nextSibling).toHaveTextContent('0');
    expect(within(stats).getByText('Price per Service').nextSibling).toHaveTextContent('$0');
    expect(stats).not.toHaveTextContent(NOT_SET);
    expect(screen.getByRole('button', { name: 'Assign Job' })).toBeInTheDocument();
    expect(screen.queryByText(DRIVER_WITHOUT_PRICE)).not.toBeInTheDocument();
  });

  it('Assign Job opens the booking modal for this driver, Chat opens the chat with them', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/providers/1': ok([ravi]), 'GET /api/getReview': ok([]), 'GET /api/payment-methods': ok([visa]) });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state, before: ['/drivebooking'] });
    await user.click(await screen.findByRole('button', { name: 'Assign Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    expect(await within(dialog).findByText('Visa •••• 4242')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/chatview/${ravi.id}`);
  });

  it('Go Back returns to the previous page', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi]), 'GET /api/getReview': ok([]) });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state, before: ['/drivebooking'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/drivebooking');
  });

  it('after a Submit & Pay that got no answer (the page reloaded while it was on its way), says it may have gone through and leads to Active Bookings', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi, meera]), 'GET /api/getReview': ok([]) });
    keepUnsettledAttempt(ravi.id, 1, 'booking-kept-key');
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state });
    expect(await screen.findByText(UNANSWERED_ATTEMPT_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CHECK_BOOKINGS_FIRST })).toHaveAttribute('href', '/activebooking');
    // Booking again stays possible: sent with the same details, the API answers the booking already made.
    expect(screen.getByRole('button', { name: 'Assign Job' })).toBeInTheDocument();
  });

  it('says nothing of an earlier attempt when none is unanswered, or when it was for another driver', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi, meera]), 'GET /api/getReview': ok([]) });
    keepUnsettledAttempt(meera.id, 1, 'booking-other-driver');
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state });
    expect(await screen.findByRole('heading', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(screen.queryByText(UNANSWERED_ATTEMPT_NOTE)).not.toBeInTheDocument();
  });

  it("opened directly (a shared link in a new tab), Go Back opens the service's drivers instead of leaving the app", async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi]), 'GET /api/getReview': ok([]) });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', search: `?service=1&provider=${ravi.id}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/drivebooking');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"serviceId":1}');
  });

  it('without a chosen driver it says so and links to the services', async () => {
    const api = fakeApi({});
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile' });
    expect(await screen.findByText(NO_PROVIDER_CHOSEN)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute('href', '/service');
    expect(api.calls).toHaveLength(0);
  });

  it('says so when the driver does not offer the service (withdrew it, or a link with a wrong driver)', async () => {
    fakeApi({ 'GET /api/providers/1': ok([meera]), 'GET /api/getReview': ok([]) });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state });
    expect(await screen.findByText(PROVIDER_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign Job' })).not.toBeInTheDocument();
  });

  it('says so, with no Retry, when the service of the link does not exist', async () => {
    fakeApi({ 'GET /api/providers/99': fail(404, 'Service not found.'), 'GET /api/getReview': ok([]) });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', search: `?service=99&provider=${ravi.id}` });
    expect(await screen.findByText(SERVICE_NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute('href', '/service');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows a clear failure with Retry', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/providers/1': () => (++calls === 1 ? fail(500, 'Server Error') : ok([ravi])),
      'GET /api/getReview': ok([]),
    });
    renderScreen(<ProviderProfilePage />, { path: '/providerprofile', state });
    expect(await screen.findByText("The driver's profile could not be loaded.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Ravi Kumar' })).toBeInTheDocument();
  });
});
