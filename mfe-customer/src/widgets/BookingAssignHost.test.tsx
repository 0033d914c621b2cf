import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { signedInAs } from 'shared/src/testing';
import userEvent from '@testing-library/user-event';
import { bus as appBus, createAppStore } from 'shared';
import { ASSIGN_PROVIDER_MISSING, DRIVER_WITHOUT_PRICE } from '../components/bookingTexts';
import { holdDraftForLogin } from '../components/bookingDraft';
import { TEST_CUSTOMER_ID } from 'shared/src/testing';
import BookingAssignHost from './BookingAssignHost';
import { LocationProbe } from 'shared/src/testing/renderScreen';
import { renderScreen } from '../testing/renderScreen';
import { deferred, fail, fakeApi, ok } from '../testing/fakeApi';
import { makeJob, master, meera, ravi, visa } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';
import { attemptKeyFor } from '../components/bookingAttempt';
import { answeringInTurn, NO_ANSWER_ALERT } from '../testing/bookingKeys';

const ask = (providerId: number, serviceId = 1) => act(() => appBus.emit({ type: 'booking/assign', providerId, serviceId }));

describe('BookingAssignHost (Assign Job from chat)', () => {
  const { bus } = setupScreenTest();

  it('renders nothing until asked, and says it is there (for a chat that asked before it mounted)', () => {
    fakeApi({});
    renderScreen(<BookingAssignHost />, { path: '/' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bus.events).toContainEqual({ type: 'booking/assignHostReady' });
  });

  it('answers booking/assignHandled in the same emit, then opens the modal for that driver', async () => {
    const gate = deferred(ok([ravi, meera]));
    fakeApi({ 'GET /api/providers/1': gate.handler, 'GET /api/payment-methods': ok([visa]) });
    renderScreen(<BookingAssignHost />, { path: '/' });
    let answeredInEmit = false;
    act(() => {
      appBus.emit({ type: 'booking/assign', providerId: meera.id, serviceId: 1 });
      answeredInEmit = bus.events.some((e) => e.type === 'booking/assignHandled' && e.providerId === meera.id);
    });
    expect(answeredInEmit).toBe(true);
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the driver');
    gate.release();
    expect(await within(dialog).findByText('Meera Nair')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Select day')).toHaveFocus();
    expect(await within(dialog).findByText('Visa •••• 4242')).toBeInTheDocument();
  });

  it('opens the modal again, filled in, when the customer comes back from adding a card, once', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi, meera]), 'GET /api/payment-methods': ok([visa]) });
    const values = {
      day: '',
      date: '2025-03-05',
      time: '',
      custom_time: 'after 6 pm',
      address: '12 MG Road',
      destination_address: 'Airport',
    };
    // The host is on every page: here beside a probe of the page's own address and state.
    const page = (
      <>
        <BookingAssignHost />
        <LocationProbe />
      </>
    );
    renderScreen(page, {
      path: '/providerprofile',
      state: { serviceId: 1, providerId: meera.id, bookingDraft: { providerId: meera.id, serviceId: 1, values } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(await within(dialog).findByText('Meera Nair')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Select date')).toHaveValue('2025-03-05');
    expect(within(dialog).getByLabelText('Custom Time')).toHaveValue('after 6 pm');
    expect(within(dialog).getByLabelText('Pick Address')).toHaveValue('12 MG Road');
    expect(within(dialog).getByLabelText('Drop Address')).toHaveValue('Airport');
    expect(await within(dialog).findByLabelText('CVV')).toHaveValue('');
    // The card added is the next thing to use: its CVV takes the focus.
    expect(within(dialog).getByLabelText('CVV')).toHaveFocus();
    // The history entry keeps the page's own state only: Back or a reload does not open the modal again.
    expect(screen.getByTestId('location')).toHaveTextContent('/providerprofile');
    expect(screen.getByTestId('location-state')).toHaveTextContent(JSON.stringify({ serviceId: 1, providerId: meera.id }));
  });

  it('opens the form the session ended under, filled in, when the same customer is back on its page', async () => {
    fakeApi({ 'GET /api/providers/2': ok([ravi]), 'GET /api/payment-methods': ok([visa]) });
    const services = [
      { id: 1, name: 'Driver' },
      { id: 2, name: 'Delivery' },
    ];
    const values = {
      day: '',
      date: '',
      time: '',
      custom_time: 'after 6 pm',
      address: '12 MG Road',
      destination_address: 'Airport',
    };
    holdDraftForLogin({ userId: TEST_CUSTOMER_ID, page: '/chatview' }, { providerId: ravi.id, serviceId: 2, values, services });
    renderScreen(<BookingAssignHost />, { path: '/chatview' });
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    await within(dialog).findByText('Visa •••• 4242');
    expect(within(dialog).getByRole('combobox', { name: 'Service' })).toHaveDisplayValue('Delivery');
    expect(within(dialog).getByLabelText('Custom Time')).toHaveValue('after 6 pm');
    expect(within(dialog).getByLabelText('Pick Address')).toHaveValue('12 MG Road');
    expect(sessionStorage.getItem('bookingDraftHeldForLogin')).toBeNull();
  });

  it('does not open a held form for another customer', () => {
    fakeApi({});
    const values = { day: '', date: '', time: '', custom_time: '', address: '12 MG Road', destination_address: '' };
    holdDraftForLogin({ userId: TEST_CUSTOMER_ID + 1, page: '/chatview' }, { providerId: ravi.id, serviceId: 2, values });
    renderScreen(<BookingAssignHost />, { path: '/chatview' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('bookingDraftHeldForLogin')).toBeNull();
  });

  it('back from adding a card, the service choice of chat is still offered, on the service chosen before', async () => {
    fakeApi({ 'GET /api/providers/2': ok([ravi]), 'GET /api/payment-methods': ok([visa]) });
    const services = [
      { id: 1, name: 'Driver' },
      { id: 2, name: 'Delivery' },
    ];
    const values = { day: '', date: '', time: '', custom_time: '', address: '12 MG Road', destination_address: 'Airport' };
    renderScreen(<BookingAssignHost />, {
      path: '/chatview',
      state: { bookingDraft: { providerId: ravi.id, serviceId: 2, values, services } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    await within(dialog).findByText('Visa •••• 4242');
    expect(within(dialog).getByRole('combobox', { name: 'Service' })).toHaveDisplayValue('Delivery');
    expect(within(dialog).getByLabelText('Pick Address')).toHaveValue('12 MG Road');
  });

  it('back from adding another card, the card added is chosen (not the default offered before), and can be changed', async () => {
    const newCard = { ...master, id: 30 };
    fakeApi({
      'GET /api/providers/1': ok([ravi]),
      'GET /api/payment-methods': ok([{ ...visa, is_default: true }, master, newCard]),
    });
    const values = { day: '', date: '', time: '', custom_time: '', address: '12 MG Road', destination_address: 'Airport' };
    renderScreen(<BookingAssignHost />, {
      path: '/providerprofile',
      state: { bookingDraft: { providerId: ravi.id, serviceId: 1, values, cardsBefore: [visa.id, master.id] } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    const cards = await within(dialog).findAllByRole('radio');
    expect(cards.map((card) => (card as HTMLInputElement).checked)).toEqual([false, false, true]);
    expect(within(dialog).getByLabelText('CVV')).toHaveFocus();
    // Said beside the cards; the card form's alert, which this dialog would cover, is cleared.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Card added successfully');
    expect(bus.events).toContainEqual({ type: 'alert/clear' });
    const user = userEvent.setup();
    await user.click(cards[0]);
    expect(cards.map((card) => (card as HTMLInputElement).checked)).toEqual([true, false, false]);
  });

  it('back from adding a card with none added (Cancel), the default card stays chosen', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi]), 'GET /api/payment-methods': ok([master, { ...visa, is_default: true }]) });
    const values = { day: '', date: '', time: '', custom_time: '', address: '12 MG Road', destination_address: 'Airport' };
    renderScreen(<BookingAssignHost />, {
      path: '/providerprofile',
      state: { bookingDraft: { providerId: ravi.id, serviceId: 1, values, cardsBefore: [master.id, visa.id] } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    const cards = await within(dialog).findAllByRole('radio');
    expect(cards.map((card) => (card as HTMLInputElement).checked)).toEqual([false, true]);
    // Where the customer left off.
    expect(within(dialog).getByRole('link', { name: 'Add another card' })).toHaveFocus();
    expect(within(dialog).queryByText('Card added successfully')).not.toBeInTheDocument();
    expect(bus.events).not.toContainEqual({ type: 'alert/clear' });
  });

  it('back from the card form with still no card, the focus is on Add a card', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi]), 'GET /api/payment-methods': ok([]) });
    const values = { day: '', date: '', time: '', custom_time: '', address: '12 MG Road', destination_address: 'Airport' };
    renderScreen(<BookingAssignHost />, {
      path: '/providerprofile',
      state: { bookingDraft: { providerId: ravi.id, serviceId: 1, values } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(await within(dialog).findByRole('link', { name: 'Add a card' })).toHaveFocus();
  });

  it('back from the card form, a field the customer went to while the cards were read keeps the focus', async () => {
    const cardsRead = deferred(ok([visa, { ...master, id: 30 }]));
    fakeApi({ 'GET /api/providers/1': ok([ravi]), 'GET /api/payment-methods': cardsRead.handler });
    const values = { day: '', date: '', time: '', custom_time: '', address: '12 MG Road', destination_address: 'Airport' };
    renderScreen(<BookingAssignHost />, {
      path: '/providerprofile',
      state: { bookingDraft: { providerId: ravi.id, serviceId: 1, values, cardsBefore: [visa.id] } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    const user = userEvent.setup();
    await user.click(await within(dialog).findByLabelText('Custom Time'));
    cardsRead.release();
    expect(await within(dialog).findByLabelText('CVV')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Custom Time')).toHaveFocus();
  });

  it("the browser's Back from the card form opens the draft left in the page's entry; once only, and not while leaving", async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi, meera]), 'GET /api/payment-methods': ok([visa]) });
    const values = { day: '', date: '', time: '', custom_time: '', address: '12 MG Road', destination_address: 'Airport' };
    const bookingDraft = { id: 'draft-1', providerId: meera.id, serviceId: 1, values };
    // The page the form left (its entry holds the draft) and the card form, as the customer sees them.
    function Page() {
      const navigate = useNavigate();
      return (
        <>
          <BookingAssignHost />
          <LocationProbe />
          <button type="button" onClick={() => void navigate(-1)}>
            Back
          </button>
          <button type="button" onClick={() => void navigate(1)}>
            Forward
          </button>
          <button type="button" onClick={() => void navigate('/chatview', { state: { bookingDraft } })}>
            Cancel
          </button>
          <button
            type="button"
            onClick={() =>
              void navigate('/chatview', { replace: true, state: { bookingDraft: { ...bookingDraft, id: 'draft-2' } } })
            }
          >
            Park
          </button>
        </>
      );
    }
    render(
      <Provider store={createAppStore(signedInAs('Customer'))}>
        <MemoryRouter initialEntries={[{ pathname: '/chatview', state: { bookingDraft } }, '/newpaymentmethod']} initialIndex={1}>
          <Routes>
            <Route path="*" element={<Page />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(await within(dialog).findByLabelText('Pick Address')).toHaveValue('12 MG Road');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard this booking?' })).getByRole('button', { name: 'Discard' }),
    );
    // Forward to the card form, and its Cancel brings the same draft back in a new entry: it opened
    // already, so it does not open again.
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/chatview');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A draft left in the entry on the way out (a replace) does not open where it is left.
    await user.click(screen.getByRole('button', { name: 'Park' }));
    expect(screen.getByTestId('location-state')).toHaveTextContent('draft-2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores a malformed draft in the page state', () => {
    fakeApi({});
    renderScreen(<BookingAssignHost />, { path: '/providerprofile', state: { bookingDraft: { providerId: 'x', values: {} } } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  /** Ravi, who can be booked and paid for, with the host on a page. */
  const bookableRavi = () => {
    const api = fakeApi({
      'GET /api/providers/1': ok([ravi]),
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': ok(makeJob({ id: 9 }), 'Booking created successfully', 201),
    });
    renderScreen(<BookingAssignHost />, { path: '/' });
    return api;
  };
  /** Fills the addresses and CVV of the open dialog and presses Submit & Pay. */
  const fillAndPay = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
    await user.type(within(dialog).getByLabelText('Pick Address'), 'A');
    await user.type(within(dialog).getByLabelText('Drop Address'), 'B');
    await user.type(within(dialog).getByLabelText('CVV'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
  };

  it('books through the modal and closes it on the way to the confirmation', async () => {
    const user = userEvent.setup();
    const api = bookableRavi();
    ask(ravi.id);
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    await within(dialog).findByText('Visa •••• 4242');
    await fillAndPay(user, dialog);
    expect(await screen.findByTestId('location')).toHaveTextContent('/requestconfirmation');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/jobs')[0].body).toMatchObject({ provider_id: ravi.id, service_id: 1 });
  });

  it("offers the driver's services to choose from, and books the one chosen", async () => {
    const user = userEvent.setup();
    const api = bookableRavi();
    const services = [
      { id: 1, name: 'Driver' },
      { id: 2, name: 'Delivery' },
    ];
    act(() => appBus.emit({ type: 'booking/assign', providerId: ravi.id, serviceId: 1, services }));
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    await within(dialog).findByText('Visa •••• 4242');
    const service = within(dialog).getByRole('combobox', { name: 'Service' });
    expect(service).toHaveDisplayValue('Driver');
    expect(
      within(service)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Driver', 'Delivery']);
    await user.selectOptions(service, 'Delivery');
    await fillAndPay(user, dialog);
    expect(await screen.findByTestId('location')).toHaveTextContent('/requestconfirmation');
    expect(api.callsTo('POST', '/api/jobs')[0].body).toMatchObject({ provider_id: ravi.id, service_id: 2 });
  });

  it("a service chosen after an answer was lost is booked with its own key; the first service's stays kept", async () => {
    const user = userEvent.setup();
    const { keys, handler: postJobs } = answeringInTurn([
      () => {
        throw new Error('Network Error');
      },
      () => ok(makeJob({ id: 9 }), 'Booking created successfully', 201),
    ]);
    fakeApi({
      'GET /api/providers/1': ok([ravi]),
      'GET /api/providers/2': ok([ravi]),
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': postJobs,
    });
    renderScreen(<BookingAssignHost />, { path: '/' });
    const services = [
      { id: 1, name: 'Driver' },
      { id: 2, name: 'Delivery' },
    ];
    act(() => appBus.emit({ type: 'booking/assign', providerId: ravi.id, serviceId: 1, services }));
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    await within(dialog).findByText('Visa •••• 4242');
    await fillAndPay(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(NO_ANSWER_ALERT);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Service' }), 'Delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/requestconfirmation');
    expect(keys[1]).not.toBe(keys[0]);
    // The Driver booking's outcome is still unknown: its next attempt sends the same key.
    expect(attemptKeyFor(ravi.id, 1)).toBe(keys[0]);
    expect(attemptKeyFor(ravi.id, 2)).not.toBe(keys[1]);
  });

  it('asks nothing when the driver offers one service', async () => {
    fakeApi({ 'GET /api/providers/1': ok([ravi]), 'GET /api/payment-methods': ok([visa]) });
    renderScreen(<BookingAssignHost />, { path: '/' });
    act(() => appBus.emit({ type: 'booking/assign', providerId: ravi.id, serviceId: 1, services: [{ id: 1, name: 'Driver' }] }));
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    await within(dialog).findByText('Visa •••• 4242');
    expect(within(dialog).queryByRole('combobox', { name: 'Service' })).not.toBeInTheDocument();
  });

  it('says so when the driver does not offer the service', async () => {
    fakeApi({ 'GET /api/providers/1': ok([meera]) });
    renderScreen(<BookingAssignHost />, { path: '/' });
    ask(ravi.id);
    expect(await screen.findByText(ASSIGN_PROVIDER_MISSING)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so, with no form to fill in, when the driver has not set a price', async () => {
    const api = fakeApi({ 'GET /api/providers/1': ok([{ ...ravi, basic_price: null }]), 'GET /api/payment-methods': ok([visa]) });
    renderScreen(<BookingAssignHost />, { path: '/' });
    ask(ravi.id);
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    expect(await within(dialog).findByText(DRIVER_WITHOUT_PRICE)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Pick Address')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Submit & Pay' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/payment-methods')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a clear failure with Retry when the driver cannot be loaded', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/providers/1': () => (++calls === 1 ? fail(500, 'Server Error') : ok([ravi])),
      'GET /api/payment-methods': ok([visa]),
    });
    renderScreen(<BookingAssignHost />, { path: '/' });
    ask(ravi.id);
    expect(await screen.findByText('The driver could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
  });
});
