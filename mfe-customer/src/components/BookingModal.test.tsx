import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { bus as appBus, fetchProviders, hasUnsavedChanges } from 'shared';
import { TEST_CUSTOMER_ID } from 'shared/src/testing';
import { localDay } from 'shared/src/bookings/bookingWhen';
import {
  BookingModal,
  CUSTOM_TIME_TOO_LONG,
  CVV_FORMAT,
  CVV_REQUIRED,
  cvvMessage,
  longAddressMessage,
  missingAddressMessage,
} from './BookingModal';
import { DISCARD_TEXTS, PAYMENT_EXPLAINED } from './bookingTexts';

/** The API's words for a card removed meanwhile (api/src/routes/jobs.ts). */
const CARD_GONE = 'This card is no longer saved. Please choose another card.';
import { heldDraftFor } from './bookingDraft';
import { answeringInTurn, NO_ANSWER_ALERT } from '../testing/bookingKeys';
import { renderScreen } from '../testing/renderScreen';
import { deferred, fail, fakeApi, ok, type Handler } from '../testing/fakeApi';
import { makeJob, master, ravi, visa } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

/** The page around the modal: it owns the driver, and reads them again when the form asks (as the profile does). */
function Opener() {
  const [open, setOpen] = useState(true);
  const [provider, setProvider] = useState(ravi);
  const readDriverAgain = () =>
    void fetchProviders(1).then(({ data }) => setProvider(data.find((p) => p.id === ravi.id) ?? ravi));
  return (
    <main>
      <p>{open ? 'modal open' : 'modal closed'}</p>
      {open ? (
        <BookingModal
          serviceId={1}
          provider={provider}
          onClose={() => setOpen(false)}
          onDone={() => setOpen(false)}
          readDriverAgain={readDriverAgain}
        />
      ) : null}
    </main>
  );
}

function renderModal(routes: Record<string, Handler>) {
  const api = fakeApi(routes);
  renderScreen(<Opener />, { path: '/providerprofile', state: { serviceId: 1, providerId: ravi.id } });
  return api;
}

/** Fakes Date only, at `now`: the form's timers and the user's events run as usual. */
const fakeDateOnly = (now: Date) =>
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });

/** A week from now, as the date input gives it (YYYY-MM-DD, the local day). */
const NEXT_WEEK = localDay(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));

async function fillForm(user: UserEvent, { cvv = '123' } = {}) {
  const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
  await user.type(within(dialog).getByLabelText('Select date'), NEXT_WEEK);
  await user.type(within(dialog).getByLabelText('Custom Time'), 'after 6 pm');
  await user.type(within(dialog).getByLabelText('Pick Address'), '12 MG Road');
  await user.type(within(dialog).getByLabelText('Drop Address'), 'Airport Terminal 1');
  if (cvv) await user.type(within(dialog).getByLabelText('CVV'), cvv);
  return dialog;
}

describe('the booking modal (Booking Details)', () => {
  const { bus } = setupScreenTest();

  it('is a dialog with labelled fields, Payment Details with the default card, a CVV field and Submit & Pay', async () => {
    renderModal({ 'GET /api/payment-methods': ok([visa]) });
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    expect(within(dialog).getByLabelText('Select day')).toHaveAttribute('type', 'month');
    expect(within(dialog).getByLabelText('Select day')).toHaveFocus();
    expect(within(dialog).getByLabelText('Select date')).toHaveAttribute('type', 'date');
    expect(within(dialog).getByLabelText('Select Time')).toHaveAttribute('type', 'time');
    expect(within(dialog).getByLabelText('Custom Time')).toHaveAttribute('type', 'text');
    expect(within(dialog).getByLabelText('Pick Address')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Drop Address')).toBeInTheDocument();
    expect(within(dialog).getByText('Ravi Kumar').parentElement).toHaveTextContent('Booking Ravi Kumar for $25');
    expect(within(dialog).getByRole('heading', { name: 'Payment Details' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Visa •••• 4242')).toBeInTheDocument();
    // What Submit & Pay charges is said before it is pressed.
    expect(within(dialog).getByText(PAYMENT_EXPLAINED)).toHaveTextContent(
      'Submit & Pay charges a booking payment of 10.00 INR to this card.',
    );
    expect(within(dialog).getByLabelText('CVV')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit & Pay' })).toBeEnabled();
  });

  it('books and pays with the typed details and the default card, then shows the request confirmation', async () => {
    const user = userEvent.setup();
    const created = makeJob({ id: 42 });
    const api = renderModal({
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': ok(created, 'Booking created successfully', 201),
    });
    await screen.findByText('Visa •••• 4242');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit & Pay' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/requestconfirmation');
    expect(api.callsTo('POST', '/api/jobs')).toEqual([
      expect.objectContaining({
        body: {
          service_id: 1,
          status: 'Pending',
          provider_id: ravi.id,
          address: '12 MG Road',
          destination_address: 'Airport Terminal 1',
          day: NEXT_WEEK.slice(0, 7),
          date: NEXT_WEEK,
          custom_time: 'after 6 pm',
          payment_method_id: visa.id,
          cvv: '123',
          // The browser's own zone (the receipts' times are written in it).
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          // The price shown: the API books nothing if it is another now.
          expected_price: 25,
        },
      }),
    ]);
    expect(bus.events).toContainEqual({ type: 'job/updated', job: created });
    expect(bus.alerts()).toEqual([]); // the screen reports the outcome, not a global alert
  });

  it('refuses a date in the past, says so at the date, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = renderModal({ 'GET /api/payment-methods': ok([visa]) });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    const date = within(dialog).getByLabelText('Select date');
    expect(date).toHaveAttribute('min', localDay(new Date()));
    // The picker's min keeps a tap away from the past; a typed date is checked on Submit.
    await user.clear(date);
    await user.type(date, '2020-01-01');
    expect(within(dialog).getByLabelText('Select day')).toHaveValue('2020-01');
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    // The date is blamed, not the month it set.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The date may not be in the past.');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Select day')).not.toHaveAttribute('aria-invalid', 'true');
    // With no date, a past month is the month's problem.
    await user.clear(date);
    expect(within(dialog).getByLabelText('Select day')).toHaveValue('2020-01'); // the month the date set stays
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The month may not be in the past.');
    expect(within(dialog).getByLabelText('Select day')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Select day')).toHaveAccessibleDescription('The month may not be in the past.');
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);
  });

  it('refuses a time of today already gone, says so at the time, and takes the minute it is', async () => {
    fakeDateOnly(new Date(2026, 10, 27, 15, 30, 20));
    try {
      const user = userEvent.setup();
      const api = renderModal({
        'GET /api/payment-methods': ok([visa]),
        'POST /api/jobs': ok(makeJob({ id: 43 }), 'Booking created successfully', 201),
      });
      await screen.findByText('Visa •••• 4242');
      const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
      await user.type(within(dialog).getByLabelText('Select date'), '2026-11-27');
      const time = within(dialog).getByLabelText('Select Time');
      await user.type(time, '15:29');
      await user.type(within(dialog).getByLabelText('Pick Address'), '12 MG Road');
      await user.type(within(dialog).getByLabelText('Drop Address'), 'Airport Terminal 1');
      await user.type(within(dialog).getByLabelText('CVV'), '123');
      await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The time may not be in the past.');
      expect(time).toHaveAttribute('aria-invalid', 'true');
      expect(time).toHaveAccessibleDescription('The time may not be in the past.');
      expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);
      await user.clear(time);
      await user.type(time, '15:30');
      expect(time).not.toHaveAttribute('aria-invalid', 'true');
      await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
      await waitFor(() => expect(api.callsTo('POST', '/api/jobs')).toHaveLength(1));
      expect(api.callsTo('POST', '/api/jobs')[0].body).toMatchObject({ date: '2026-11-27', time: '15:30' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a time already gone with only this month chosen on its last day: no day of it is left', async () => {
    fakeDateOnly(new Date(2026, 10, 30, 6, 59));
    try {
      const user = userEvent.setup();
      const api = renderModal({
        'GET /api/payment-methods': ok([visa]),
        'POST /api/jobs': ok(makeJob({ id: 44 }), 'Booking created successfully', 201),
      });
      await screen.findByText('Visa •••• 4242');
      const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
      await user.type(within(dialog).getByLabelText('Select day'), '2026-11');
      const time = within(dialog).getByLabelText('Select Time');
      await user.type(time, '00:05');
      await user.type(within(dialog).getByLabelText('Pick Address'), '12 MG Road');
      await user.type(within(dialog).getByLabelText('Drop Address'), 'Airport Terminal 1');
      await user.type(within(dialog).getByLabelText('CVV'), '123');
      await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The time may not be in the past.');
      expect(time).toHaveAttribute('aria-invalid', 'true');
      expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);
      // Next month, the same time is a day to come.
      await user.clear(within(dialog).getByLabelText('Select day'));
      await user.type(within(dialog).getByLabelText('Select day'), '2026-12');
      await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
      await waitFor(() => expect(api.callsTo('POST', '/api/jobs')).toHaveLength(1));
      const sent = api.callsTo('POST', '/api/jobs')[0].body;
      expect(sent).toMatchObject({ day: '2026-12', time: '00:05' });
      expect(sent).not.toHaveProperty('date');
    } finally {
      jest.useRealTimers();
    }
  });

  it('checks the day Submit is pressed on: a date chosen before midnight and sent after it is in the past', async () => {
    fakeDateOnly(new Date(2026, 10, 27, 23, 58));
    try {
      const user = userEvent.setup();
      const api = renderModal({ 'GET /api/payment-methods': ok([visa]) });
      await screen.findByText('Visa •••• 4242');
      const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
      expect(within(dialog).getByLabelText('Select date')).toHaveAttribute('min', '2026-11-27');
      await user.type(within(dialog).getByLabelText('Select date'), '2026-11-27');
      await user.type(within(dialog).getByLabelText('Pick Address'), '12 MG Road');
      await user.type(within(dialog).getByLabelText('Drop Address'), 'Airport Terminal 1');
      await user.type(within(dialog).getByLabelText('CVV'), '123');
      jest.setSystemTime(new Date(2026, 10, 28, 0, 1));
      await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The date may not be in the past.');
      expect(within(dialog).getByLabelText('Select date')).toHaveAttribute('aria-invalid', 'true');
      expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says every problem at once, each field marked, and sends nothing', async () => {
    fakeDateOnly(new Date(2026, 10, 27, 15, 30, 20));
    try {
      const user = userEvent.setup();
      const api = renderModal({ 'GET /api/payment-methods': ok([visa]) });
      await screen.findByText('Visa •••• 4242');
      const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
      await user.type(within(dialog).getByLabelText('Select date'), '2026-11-27');
      await user.type(within(dialog).getByLabelText('Select Time'), '15:29');
      await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
      const alert = within(dialog).getByRole('alert');
      expect(alert).toHaveTextContent(
        ['Please enter the Pick Address and the Drop Address.', 'The time may not be in the past.', 'cvv date is required'].join(
          ' ',
        ),
      );
      for (const label of ['Select Time', 'Pick Address', 'Drop Address', 'CVV']) {
        expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      }
      expect(within(dialog).getByLabelText('Select date')).not.toHaveAttribute('aria-invalid', 'true');
      expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says which address is missing and sends nothing', async () => {
    const user = userEvent.setup();
    const api = renderModal({ 'GET /api/payment-methods': ok([visa]) });
    await screen.findByText('Visa •••• 4242');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: 'Submit & Pay' }));
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the Pick Address and the Drop Address.');
    expect(within(dialog).getByLabelText('Pick Address')).toHaveAttribute('aria-invalid', 'true');
    // A screen reader on the field reads what is wrong with it, not only 'invalid'.
    expect(within(dialog).getByLabelText('Pick Address')).toHaveAccessibleDescription(
      'Please enter the Pick Address and the Drop Address.',
    );
    expect(within(dialog).getByLabelText('Drop Address')).toHaveAccessibleDescription(
      'Please enter the Pick Address and the Drop Address.',
    );
    expect(within(dialog).getByLabelText('CVV')).not.toHaveAttribute('aria-describedby');
    // The focus goes to the first field to mend (Submit & Pay, where it was, may be far below on a phone).
    expect(within(dialog).getByLabelText('Pick Address')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Pick Address'), '12 MG Road');
    expect(within(dialog).getByLabelText('Pick Address')).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the Drop Address.');
    expect(within(dialog).getByLabelText('Drop Address')).toHaveFocus();
    expect(within(dialog).getByLabelText('Drop Address')).toHaveAccessibleDescription('Please enter the Drop Address.');
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);
  });

  it("keeps a pasted address over the API's 255 characters whole, says which one is too long and sends nothing until mended", async () => {
    const user = userEvent.setup();
    const api = renderModal({
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': ok(makeJob({ id: 77, status: 'Pending' }), 'Booked'),
    });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    const pick = within(dialog).getByLabelText('Pick Address');
    const drop = within(dialog).getByLabelText('Drop Address');
    // 364 characters, the PIN code at the end.
    const longAddress = `${'Flat 4B, Sunrise Apartments, 12th Cross, '.repeat(8)}Indiranagar, Bengaluru, PIN 560038`.padEnd(
      364,
      '.',
    );
    await user.clear(drop);
    await user.click(drop);
    await user.paste(longAddress);
    expect(drop).toHaveValue(longAddress);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The Drop Address may not be greater than 255 characters.');
    expect(drop).toHaveAttribute('aria-invalid', 'true');
    expect(pick).not.toHaveAttribute('aria-invalid');
    expect(drop).toHaveFocus();
    expect(drop).toHaveValue(longAddress);
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);

    // Both too long: both named, the first takes the focus.
    await user.clear(pick);
    await user.click(pick);
    await user.paste(longAddress);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The Pick Address and the Drop Address may not be greater than 255 characters.',
    );
    expect(pick).toHaveFocus();
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);

    // Mended, it books with the addresses as typed.
    await user.clear(pick);
    await user.type(pick, '12 MG Road');
    await user.clear(drop);
    await user.type(drop, 'Airport Terminal 1, PIN 560300');
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/jobs')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/jobs')[0].body).toMatchObject({
      address: '12 MG Road',
      destination_address: 'Airport Terminal 1, PIN 560300',
    });
  });

  it('keeps a pasted Custom Time over 100 characters or a 5-digit CVV whole and says so before sending', async () => {
    const user = userEvent.setup();
    const api = renderModal({ 'GET /api/payment-methods': ok([visa]) });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user, { cvv: '' });
    const customTime = within(dialog).getByLabelText('Custom Time');
    const longTime = 'after 6 pm, '.repeat(9) + 'but before 9 pm';
    expect(longTime.length).toBeGreaterThan(100);
    await user.clear(customTime);
    await user.click(customTime);
    await user.paste(longTime);
    await user.click(within(dialog).getByLabelText('CVV'));
    await user.paste('12345');
    expect(customTime).toHaveValue(longTime);
    expect(within(dialog).getByLabelText('CVV')).toHaveValue('12345');
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CUSTOM_TIME_TOO_LONG);
    expect(CUSTOM_TIME_TOO_LONG).toBe('The Custom Time may not be greater than 100 characters.');
    expect(customTime).toHaveAttribute('aria-invalid', 'true');
    expect(customTime).toHaveFocus();
    await user.clear(customTime);
    await user.type(customTime, 'after 6 pm');
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CVV_FORMAT);
    expect(within(dialog).getByLabelText('CVV')).toHaveValue('12345');
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);
  });

  it('a declined card shows the server message in the modal, keeps what was typed and books nothing', async () => {
    const user = userEvent.setup();
    renderModal({ 'GET /api/payment-methods': ok([visa]), 'POST /api/jobs': fail(402, 'Your card was declined.') });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    const submit = within(dialog).getByRole('button', { name: 'Submit & Pay' });
    await user.click(submit);
    // A browser moves a disabled button's focus to the page (jsdom does not: done here as a browser would).
    submit.blur();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    // The keyboard's place is kept: Submit & Pay has the focus again (not the page, behind the dialog).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Submit & Pay' })).toHaveFocus());
    expect(within(dialog).getByLabelText('Pick Address')).toHaveValue('12 MG Road');
    expect(within(dialog).getByLabelText('Drop Address')).toHaveValue('Airport Terminal 1');
    expect(within(dialog).getByLabelText('Custom Time')).toHaveValue('after 6 pm');
    expect(within(dialog).getByLabelText('CVV')).toHaveValue('123');
    expect(within(dialog).getByRole('button', { name: 'Submit & Pay' })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(bus.events.some((e) => e.type === 'job/updated')).toBe(false);
  });

  it('sends one Idempotency-Key per attempt: kept after no answer (no double charge on retry), new after a decline', async () => {
    const user = userEvent.setup();
    const { keys, handler: postJobs } = answeringInTurn([
      () => {
        throw new Error('Network Error');
      },
      () => fail(402, 'Your card was declined.'),
      () => ok(makeJob({ id: 7 }), 'Booking created successfully', 201),
    ]);
    renderModal({
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': postJobs,
    });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    const submit = within(dialog).getByRole('button', { name: 'Submit & Pay' });
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(NO_ANSWER_ALERT);
    await user.click(submit);
    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
    await user.click(submit);
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[0]).toMatch(/^booking-[a-z0-9-]{8,}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('keeps the Idempotency-Key after a server fault (a gateway answering 503 for a booking the API made): Submit again books once', async () => {
    const user = userEvent.setup();
    const { keys, handler: postJobs } = answeringInTurn([
      () => fail(503, ''),
      () => fail(500, ''),
      () => ok(makeJob({ id: 7 }), 'Booking created successfully', 201),
    ]);
    renderModal({
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': postJobs,
    });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    const submit = within(dialog).getByRole('button', { name: 'Submit & Pay' });
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The server could not complete this just now (error 503). Please try again. If it went through, Submit & Pay again will not book or charge it twice.',
    );
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('(error 500)');
    await user.click(submit);
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(new Set(keys).size).toBe(1);
  });

  it("opened again after Submit & Pay got no answer, the form sends that attempt's key (a booking made meanwhile is not made twice); once answered, a new one", async () => {
    const user = userEvent.setup();
    const { keys, handler: postJobs } = answeringInTurn([
      () => {
        throw new Error('Network Error');
      },
      () => ok(makeJob({ id: 7 }), 'Booking created successfully', 200),
      () => ok(makeJob({ id: 8 }), 'Booking created successfully', 201),
    ]);
    const open = async () => {
      cleanup();
      renderModal({
        'GET /api/payment-methods': ok([visa]),
        'POST /api/jobs': postJobs,
      });
      await screen.findByText('Visa •••• 4242');
      const dialog = await fillForm(user);
      await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
      return dialog;
    };
    expect(await within(await open()).findByRole('alert')).toHaveTextContent(NO_ANSWER_ALERT);
    await open();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/requestconfirmation'));
    expect(keys[1]).toBe(keys[0]);
    await open();
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('keeps the key of a Submit & Pay from the moment it is sent: the page reloaded while it is on its way sends it again', async () => {
    const user = userEvent.setup();
    const never = deferred(ok(makeJob({ id: 7 }), 'Booking created successfully', 201));
    const { keys, handler: postJobs } = answeringInTurn([
      () => never.handler(),
      () => ok(makeJob({ id: 7 }), 'Booking created successfully', 200),
    ]);
    renderModal({ 'GET /api/payment-methods': ok([visa]), 'POST /api/jobs': postJobs });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    // Reloaded (the form gone) before any answer came.
    cleanup();
    renderModal({ 'GET /api/payment-methods': ok([visa]), 'POST /api/jobs': postJobs });
    await screen.findByText('Visa •••• 4242');
    await user.click(within(await fillForm(user)).getByRole('button', { name: 'Submit & Pay' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });

  it('while Submit & Pay is on its way, reloading or closing the tab is asked first; once answered, not', async () => {
    const user = userEvent.setup();
    const answer = deferred(ok(makeJob({ id: 7 }), 'Booking created successfully', 201));
    renderModal({ 'GET /api/payment-methods': ok([visa]), 'POST /api/jobs': () => answer.handler() });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    const unloadAsks = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    await waitFor(() => expect(unloadAsks()).toBe(true));
    answer.release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/requestconfirmation'));
    expect(unloadAsks()).toBe(false);
  });

  it('told that an earlier Submit & Pay went through, the form leads to Active Bookings', async () => {
    const user = userEvent.setup();
    const wentThrough =
      'Your earlier Submit & Pay went through with the details sent then. See it in Active Bookings before booking again.';
    renderModal({
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': fail(409, wentThrough, { idempotency_key: [wentThrough] }),
    });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(wentThrough);
    await user.click(within(dialog).getByRole('link', { name: 'Active Bookings' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/activebooking');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('told that the same booking is open already (another tab), Submit & Pay again books a second one', async () => {
    const user = userEvent.setup();
    const open =
      'You have already booked Ravi Kumar for this time and these addresses: see it in Active Bookings. Submit & Pay again to book a second one.';
    let posts = 0;
    const api = renderModal({
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': () =>
        ++posts === 1 ? fail(409, open, { book_again: [open] }) : ok(makeJob({ id: 51 }), 'Booking created successfully'),
    });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(open);
    expect(within(dialog).getByRole('link', { name: 'Active Bookings' })).toHaveAttribute('href', '/activebooking');
    const [first] = api.callsTo('POST', '/api/jobs');
    expect(first.body).not.toHaveProperty('book_again');
    await user.clear(within(dialog).getByLabelText('CVV'));
    await user.type(within(dialog).getByLabelText('CVV'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/requestconfirmation');
    expect(api.callsTo('POST', '/api/jobs')[1].body).toMatchObject({ book_again: true });
  });

  it('a missing or malformed CVV is said in the modal before anything is sent', async () => {
    const user = userEvent.setup();
    const api = renderModal({ 'GET /api/payment-methods': ok([visa]) });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user, { cvv: '' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CVV_REQUIRED);
    expect(within(dialog).getByLabelText('CVV')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('CVV'), '12a');
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CVV_FORMAT);
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);
    expect(cvvMessage(' 1234 ')).toBeNull();
  });

  it("shows the server's validation message in the modal, and keeps it open", async () => {
    const user = userEvent.setup();
    renderModal({
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': fail(400, 'The time zone must be a time zone name such as Asia/Kolkata.', {
        time_zone: ['The time zone must be a time zone name such as Asia/Kolkata.'],
      }),
    });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The time zone must be a time zone name such as Asia/Kolkata.',
    );
    expect(screen.getByText('modal open')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit & Pay' })).toBeEnabled();
  });

  it('Submit & Pay is disabled and shown busy while the payment is in flight: one click, one booking', async () => {
    const user = userEvent.setup();
    const gate = deferred(ok(makeJob({ id: 43 }), 'Booking created successfully', 201));
    const api = renderModal({ 'GET /api/payment-methods': ok([visa]), 'POST /api/jobs': gate.handler });
    await screen.findByText('Visa •••• 4242');
    const dialog = await fillForm(user);
    const pay = within(dialog).getByRole('button', { name: 'Submit & Pay' });
    expect(pay).not.toHaveAttribute('aria-busy', 'true');
    await user.click(pay);
    expect(pay).toBeDisabled();
    // The button itself says it is working (its spinner, shared ui.css), not only the form around it.
    expect(pay).toHaveAttribute('aria-busy', 'true');
    await user.click(pay);
    gate.release();
    expect(await screen.findByTestId('location')).toHaveTextContent('/requestconfirmation');
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(1);
  });

  it('offers several saved cards as a choice, the default preselected, and pays with the chosen one', async () => {
    const user = userEvent.setup();
    const api = renderModal({
      'GET /api/payment-methods': ok([visa, { ...master, is_default: true }]),
      'POST /api/jobs': ok(makeJob(), 'Booking created successfully', 201),
    });
    const mastercard = await screen.findByRole('radio', { name: /Mastercard •••• 4444/ });
    expect(mastercard).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Visa •••• 4242/ }));
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    await screen.findByTestId('location');
    expect(api.callsTo('POST', '/api/jobs')[0].body).toMatchObject({ payment_method_id: visa.id });
  });

  it('names two cards of one brand and last four by their expiry', async () => {
    renderModal({
      'GET /api/payment-methods': ok([
        { ...visa, exp_month: 3, exp_year: 2027, is_default: true },
        { ...visa, id: 13, exp_month: 3, exp_year: 2031 },
      ]),
    });
    expect(await screen.findByRole('radio', { name: /Visa •••• 4242 Expires 03\/27/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Visa •••• 4242 Expires 03\/31/ })).not.toBeChecked();
  });

  it('a card deleted in another tab: Submit & Pay says the card is no longer saved, no longer offers it, and pays with the one left', async () => {
    const user = userEvent.setup();
    let deleted = false;
    const api = renderModal({
      'GET /api/payment-methods': () => ok(deleted ? [visa] : [visa, { ...master, is_default: true }]),
      'POST /api/jobs': (config) =>
        (JSON.parse(String(config.data)) as { payment_method_id: number }).payment_method_id === master.id
          ? fail(400, CARD_GONE, { payment_method_id: [CARD_GONE] })
          : ok(makeJob({ id: 44 }), 'Booking created successfully', 201),
    });
    expect(await screen.findByRole('radio', { name: /Mastercard •••• 4444/ })).toBeChecked();
    deleted = true;
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CARD_GONE);
    expect(await within(dialog).findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Mastercard/)).not.toBeInTheDocument();
    expect(within(dialog).getByText('Default')).toBeInTheDocument();
    // What was typed stays: Submit & Pay again pays with the card left.
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/requestconfirmation');
    expect(
      api.callsTo('POST', '/api/jobs').map((call) => (call.body as { payment_method_id: number }).payment_method_id),
    ).toEqual([master.id, visa.id]);
  });

  it("follows the cards changed in the user's other tab: a card added there is offered, one removed is not, what was chosen and typed stays", async () => {
    const user = userEvent.setup();
    let cards = [visa];
    renderModal({ 'GET /api/payment-methods': () => ok(cards) });
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    const dialog = await fillForm(user);
    cards = [visa, master];
    act(() => appBus.emit({ type: 'payments/changed' }));
    const added = await within(dialog).findByRole('radio', { name: /Mastercard •••• 4444/ });
    await user.click(added);
    expect(within(dialog).queryByText('Loading your saved cards…')).not.toBeInTheDocument();
    // The chosen card stays chosen when another change arrives, and the form keeps what was typed.
    cards = [master, { ...visa, id: 14, card_last4: '1881' }];
    act(() => appBus.emit({ type: 'payments/changed' }));
    expect(await within(dialog).findByRole('radio', { name: /Visa •••• 1881/ })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Mastercard •••• 4444/ })).toBeChecked();
    expect(within(dialog).queryByText('Visa •••• 4242')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Pick Address')).toHaveValue('12 MG Road');
    expect(within(dialog).getByLabelText('CVV')).toHaveValue('123');
    // Another card than the chosen one going is nothing to say.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the card shown is removed in another tab: says so before anyone pays with the card offered in its place', async () => {
    const user = userEvent.setup();
    let cards = [visa, { ...master, is_default: true }];
    const api = renderModal({
      'GET /api/payment-methods': () => ok(cards),
      'POST /api/jobs': ok(makeJob({ id: 45 }), 'Booking created successfully', 201),
    });
    expect(await screen.findByRole('radio', { name: /Mastercard •••• 4444/ })).toBeChecked();
    const dialog = await fillForm(user);
    cards = [{ ...visa, is_default: true }];
    act(() => appBus.emit({ type: 'payments/changed' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This card is no longer saved. Please choose another card.',
    );
    expect(within(dialog).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(0);
    // Told, the customer pays with the card left, with what was typed.
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/requestconfirmation');
    expect(api.callsTo('POST', '/api/jobs').map((c) => (c.body as { payment_method_id: number }).payment_method_id)).toEqual([
      visa.id,
    ]);
  });

  it('the card shown is removed in another tab: choosing another card answers the message', async () => {
    const user = userEvent.setup();
    const amex = { ...visa, id: 15, brand: 'amex', card_last4: '0005', is_default: false };
    let cards = [visa, amex, { ...master, is_default: true }];
    renderModal({ 'GET /api/payment-methods': () => ok(cards) });
    expect(await screen.findByRole('radio', { name: /Mastercard •••• 4444/ })).toBeChecked();
    const dialog = await fillForm(user);
    cards = [{ ...visa, is_default: true }, amex];
    act(() => appBus.emit({ type: 'payments/changed' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CARD_GONE);
    await user.click(within(dialog).getByRole('radio', { name: /•••• 0005/ }));
    expect(within(dialog).getByRole('radio', { name: /•••• 0005/ })).toBeChecked();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('every card removed in another tab: says there is none to pay with, not to choose another; one added back is offered', async () => {
    const user = userEvent.setup();
    let cards = [visa];
    renderModal({ 'GET /api/payment-methods': () => ok(cards) });
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    const dialog = await fillForm(user);
    cards = [];
    act(() => appBus.emit({ type: 'payments/changed' }));
    expect(
      await within(dialog).findByText('You have no saved card yet. Add a card to pay for this booking.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(CARD_GONE)).not.toBeInTheDocument();
    cards = [{ ...master, is_default: true }];
    act(() => appBus.emit({ type: 'payments/changed' }));
    expect(await within(dialog).findByText('Mastercard •••• 4444')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Pick Address')).toHaveValue('12 MG Road');
  });

  it('the driver withdrew the service while the form was open: says so, and leads to another driver instead of Submit & Pay', async () => {
    const user = userEvent.setup();
    const withdrawnMessage = 'The selected provider does not offer this service.';
    const api = renderModal({
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': fail(400, withdrawnMessage, { service_id: [withdrawnMessage] }),
    });
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This driver does not offer this service any more.');
    expect(within(dialog).queryByRole('button', { name: 'Submit & Pay' })).not.toBeInTheDocument();
    // Nothing to lose by leaving: the link goes without asking to discard what was typed.
    expect(hasUnsavedChanges()).toBe(false);
    await user.click(within(dialog).getByRole('link', { name: 'Choose another driver' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/drivebooking');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"serviceId":1}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(1);
  });

  it('the driver changed their price while the form was open: says the new one, shows it, and the next Submit & Pay books at it', async () => {
    const user = userEvent.setup();
    const changed = "This driver's price has changed to $30. Submit & Pay again to book at the new price.";
    let answers = 0;
    const api = renderModal({
      'GET /api/payment-methods': ok([visa]),
      'GET /api/providers/1': ok([{ ...ravi, basic_price: 30 }]),
      'POST /api/jobs': () =>
        ++answers === 1
          ? fail(409, changed, { expected_price: [changed] })
          : ok(makeJob({ id: 43 }), 'Booking created successfully', 201),
    });
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(changed);
    await waitFor(() =>
      expect(within(dialog).getByText('Ravi Kumar').parentElement).toHaveTextContent('Booking Ravi Kumar for $30'),
    );
    // Nothing was typed in vain: the form is as it was, CVV included, and Submit & Pay books at $30.
    expect(within(dialog).getByLabelText('Pick Address')).toHaveValue('12 MG Road');
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/requestconfirmation');
    expect(api.callsTo('POST', '/api/jobs').map((c) => (c.body as { expected_price: number }).expected_price)).toEqual([25, 30]);
  });

  it('the driver removed their price while the form was open: says so, and leads to another driver instead of Submit & Pay', async () => {
    const user = userEvent.setup();
    const noPrice = 'This driver has not set a price yet, so they cannot be booked.';
    renderModal({
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': fail(400, noPrice, { provider_id: [noPrice] }),
    });
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(noPrice);
    expect(within(dialog).queryByRole('button', { name: 'Submit & Pay' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Choose another driver' })).toBeInTheDocument();
  });

  it('without a saved card it offers to add one (and back) instead of Submit & Pay, taking what was typed along', async () => {
    const user = userEvent.setup();
    renderModal({ 'GET /api/payment-methods': ok([]) });
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    expect(
      await within(dialog).findByText('You have no saved card yet. Add a card to pay for this booking.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Submit & Pay' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('CVV')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Pick Address'), '12 MG Road');
    await user.type(within(dialog).getByLabelText('Drop Address'), 'Airport');
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(within(dialog).getByRole('link', { name: 'Add a card' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/newpaymentmethod');
    const state = JSON.parse(screen.getByTestId('location-state').textContent ?? 'null') as unknown;
    expect(state).toEqual({
      returnTo: '/providerprofile',
      returnState: {
        serviceId: 1,
        providerId: 20,
        bookingDraft: {
          id: expect.any(String) as string,
          providerId: ravi.id,
          serviceId: 1,
          values: { day: '', date: '', time: '', custom_time: '', address: '12 MG Road', destination_address: 'Airport' },
        },
      },
    });
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('with a saved card (declined, say) it also offers to add another, taking what was typed and the cards offered along', async () => {
    const user = userEvent.setup();
    const api = renderModal({
      'GET /api/payment-methods': ok([visa]),
      'POST /api/jobs': fail(402, 'Your card was declined.'),
    });
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    await user.click(within(dialog).getByRole('link', { name: 'Add another card' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/newpaymentmethod');
    const state = JSON.parse(screen.getByTestId('location-state').textContent ?? 'null') as unknown;
    expect(state).toEqual({
      returnTo: '/providerprofile',
      returnState: {
        serviceId: 1,
        providerId: 20,
        bookingDraft: {
          id: expect.any(String) as string,
          providerId: ravi.id,
          serviceId: 1,
          values: {
            day: NEXT_WEEK.slice(0, 7),
            date: NEXT_WEEK,
            time: '',
            custom_time: 'after 6 pm',
            address: '12 MG Road',
            destination_address: 'Airport Terminal 1',
          },
          cardsBefore: [visa.id],
        },
      },
    });
    expect(hasUnsavedChanges()).toBe(false);
    expect(api.callsTo('POST', '/api/jobs')).toHaveLength(1);
  });

  it('does not close (×, Escape) while paying: the answer, a declined card here, is shown in it', async () => {
    const user = userEvent.setup();
    const gate = deferred(fail(402, 'Your card was declined.'));
    renderModal({ 'GET /api/payment-methods': ok([visa]), 'POST /api/jobs': gate.handler });
    const dialog = await fillForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('modal open')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: DISCARD_TEXTS.title })).not.toBeInTheDocument();
    gate.release();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    // Answered: × closes again (asking first, as something is typed).
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('dialog', { name: DISCARD_TEXTS.title })).getByRole('button', { name: 'Discard' }));
    expect(screen.getByText('modal closed')).toBeInTheDocument();
  });

  it('asks before a navigation drops what was typed, and not once nothing is typed or while booking', async () => {
    const user = userEvent.setup();
    const gate = deferred(ok(makeJob({ id: 7 }), 'Booking created successfully', 201));
    renderModal({ 'GET /api/payment-methods': ok([visa]), 'POST /api/jobs': gate.handler });
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    await within(dialog).findByText('Visa •••• 4242');
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(within(dialog).getByLabelText('Custom Time'), 'x');
    expect(hasUnsavedChanges()).toBe(true);
    await user.clear(within(dialog).getByLabelText('Custom Time'));
    expect(hasUnsavedChanges()).toBe(false);
    await fillForm(user);
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Submit & Pay' }));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    gate.release();
    expect(await screen.findByTestId('location')).toHaveTextContent('/requestconfirmation');
  });

  it('when the session ends under the form, holds what was typed (not the CVV) for the same user on this page', async () => {
    const user = userEvent.setup();
    renderModal({ 'GET /api/payment-methods': ok([visa]) });
    await screen.findByText('Visa •••• 4242');
    await fillForm(user);
    act(() => appBus.emit({ type: 'auth/sessionExpired' }));
    const held = heldDraftFor({ userId: TEST_CUSTOMER_ID, page: '/providerprofile' });
    expect(held).toMatchObject({ providerId: ravi.id, serviceId: 1 });
    expect(held?.values).toEqual({
      day: NEXT_WEEK.slice(0, 7),
      date: NEXT_WEEK,
      time: '',
      custom_time: 'after 6 pm',
      address: '12 MG Road',
      destination_address: 'Airport Terminal 1',
    });
  });

  it('holds nothing when the session ends with nothing typed', async () => {
    renderModal({ 'GET /api/payment-methods': ok([visa]) });
    await screen.findByText('Visa •••• 4242');
    act(() => appBus.emit({ type: 'auth/sessionExpired' }));
    expect(heldDraftFor({ userId: TEST_CUSTOMER_ID, page: '/providerprofile' })).toBeNull();
  });

  it('says so when the saved cards cannot be loaded, and Retry loads them', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderModal({ 'GET /api/payment-methods': () => (++calls === 1 ? fail(500, 'Server Error') : ok([visa])) });
    expect(await screen.findByText('Your saved cards could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    renderModal({ 'GET /api/payment-methods': ok([visa]) });
    await screen.findByText('Visa •••• 4242');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('modal closed')).toBeInTheDocument());
  });

  it('closing it with something typed asks first: Keep editing keeps it all, Discard closes (×, and Escape)', async () => {
    const user = userEvent.setup();
    renderModal({ 'GET /api/payment-methods': ok([visa]) });
    const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
    await within(dialog).findByText('Visa •••• 4242');
    await user.type(within(dialog).getByLabelText('Pick Address'), '12 MG Road');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const ask = screen.getByRole('dialog', { name: DISCARD_TEXTS.title });
    expect(within(ask).getByText(DISCARD_TEXTS.message)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog', { name: DISCARD_TEXTS.title })).not.toBeInTheDocument();
    expect(within(screen.getByRole('dialog', { name: 'Booking Details' })).getByLabelText('Pick Address')).toHaveValue(
      '12 MG Road',
    );

    await user.keyboard('{Escape}');
    await user.click(within(screen.getByRole('dialog', { name: DISCARD_TEXTS.title })).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('modal closed')).toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    renderModal({ 'GET /api/payment-methods': ok([visa]) });
    await screen.findByText('Visa •••• 4242');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('modal closed')).toBeInTheDocument();
  });
});

describe('missingAddressMessage', () => {
  it('names the missing addresses, or none', () => {
    expect(missingAddressMessage('', ' ')).toBe('Please enter the Pick Address and the Drop Address.');
    expect(missingAddressMessage('a', '')).toBe('Please enter the Drop Address.');
    expect(missingAddressMessage('', 'b')).toBe('Please enter the Pick Address.');
    expect(missingAddressMessage('a', 'b')).toBeNull();
  });
});

describe('longAddressMessage', () => {
  it('names the addresses longer than 255 characters as sent (trimmed, an emoji counting one), or none', () => {
    const at = 'a'.repeat(255);
    expect(longAddressMessage(at, `  ${at}  `)).toBeNull();
    expect(longAddressMessage(`🏠${'a'.repeat(254)}`, 'b')).toBeNull();
    expect(longAddressMessage(`${at}a`, 'b')).toBe('The Pick Address may not be greater than 255 characters.');
    expect(longAddressMessage('a', `${at}b`)).toBe('The Drop Address may not be greater than 255 characters.');
    expect(longAddressMessage(`${at}a`, `${at}b`)).toBe(
      'The Pick Address and the Drop Address may not be greater than 255 characters.',
    );
  });
});
