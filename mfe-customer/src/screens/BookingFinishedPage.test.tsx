import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus as sharedBus, hasUnsavedChanges, NO_JOB_CHOSEN } from 'shared';
import BookingFinishedPage, {
  ALREADY_RATED,
  CHOOSE_RATING,
  CUSTOMER_RATES,
  NOT_YET_RATEABLE,
  REVIEW_TOO_LONG,
  THANK_YOU,
  notRatedAfterLeaving,
} from './BookingFinishedPage';
import { renderScreen } from '../testing/renderScreen';
import { deferred, fail, fakeApi, ok } from '../testing/fakeApi';
import { makeJob } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

const completed = makeJob({ id: 4, status: 'Completed' });
const open = () => renderScreen(<BookingFinishedPage />, { path: '/bookingfinished', state: { jobId: 4 } });

describe('Rate your Booking (/bookingfinished)', () => {
  const { bus } = setupScreenTest();

  it('shows the booking, five star choices (none chosen), a Review box and Submit', async () => {
    fakeApi({ 'GET /api/jobs/4': ok(completed) });
    open();
    expect(screen.getByRole('heading', { name: 'Rate your Booking', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    const stars = within(screen.getByRole('group', { name: 'Rating' })).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    stars.forEach((star) => expect(star).not.toBeChecked()); // spec section 5: the rating defaults to 0
    expect(screen.getByRole('radio', { name: '1 star' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Review' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("the booking's provider gets no rating form: only its customer rates, and a link to the job", async () => {
    fakeApi({ 'GET /api/jobs/4': ok(completed) });
    renderScreen(<BookingFinishedPage />, { path: '/bookingfinished', state: { jobId: 4 }, role: 'Provider' });
    expect(await screen.findByText(CUSTOMER_RATES)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Rating' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Job Details' })).toHaveAttribute('href', '/activebookingdetails?job=4');
  });

  it('without a star it says so and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/jobs/4': ok(completed) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(CHOOSE_RATING);
    expect(api.callsTo('POST', '/ratings')).toHaveLength(0);
    // The stars are the field to mend: the focus goes to them, and each reads the message.
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    for (const name of ['1 star', '5 stars']) {
      expect(screen.getByRole('radio', { name })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('radio', { name })).toHaveAccessibleDescription(CHOOSE_RATING);
    }
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("keeps a pasted review over the API's 2000 characters whole, says so and sends nothing until it is shortened", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/jobs/4': ok(completed),
      'POST /ratings': ok({ id: 1, job_id: 4, rating: 5 }, THANK_YOU, 201),
    });
    open();
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    const box = screen.getByRole('textbox', { name: 'Review' });
    const longReview = `${'Great ride, very polite driver. '.repeat(70)}Would book again!`;
    expect(longReview.length).toBeGreaterThan(2000);
    await user.click(box);
    await user.paste(longReview);
    expect(box).toHaveValue(longReview);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The review may not be greater than 2000 characters.');
    expect(REVIEW_TOO_LONG).toBe('The review may not be greater than 2000 characters.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(REVIEW_TOO_LONG);
    expect(box).toHaveFocus();
    expect(box).toHaveValue(longReview);
    expect(api.callsTo('POST', '/ratings')).toHaveLength(0);
    await user.clear(box);
    await user.type(box, 'Would book again!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/previousbooking');
    expect(api.callsTo('POST', '/ratings')).toEqual([
      expect.objectContaining({ body: { job_id: 4, rating: 5, feedback: 'Would book again!' } }),
    ]);
  });

  it('sends the rating and review, thanks the user and goes to Previous Bookings', async () => {
    const user = userEvent.setup();
    const gate = deferred(ok({ id: 1, job_id: 4, rating: 4, feedback: 'Great' }, THANK_YOU, 201));
    const api = fakeApi({ 'GET /api/jobs/4': ok(completed), 'POST /ratings': gate.handler });
    open();
    expect(hasUnsavedChanges()).toBe(false);
    await user.click(await screen.findByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Review' }), 'Great ride');
    // A chosen rating is not left behind unasked; once it is on its way, leaving is free.
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAttribute('aria-busy', 'true');
    expect(hasUnsavedChanges()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    gate.release();
    expect(await screen.findByTestId('location')).toHaveTextContent('/previousbooking');
    expect(api.callsTo('POST', '/ratings')).toEqual([
      expect.objectContaining({ body: { job_id: 4, rating: 4, feedback: 'Great ride' } }),
    ]);
    expect(bus.toasts()).toEqual([{ kind: 'success', message: 'Thank you for your feedback' }]);
    expect(bus.events).toContainEqual({ type: 'job/updated', job: { ...completed, rating: 4 } });
  });

  it('the stars and review chosen when the session ended under the form come back for that booking after signing in again', async () => {
    fakeApi({ 'GET /api/jobs/4': ok(completed), 'GET /api/jobs/5': ok(makeJob({ id: 5, status: 'Completed' })) });
    const user = userEvent.setup();
    const first = open();
    await user.click(await screen.findByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Review' }), 'On time.');
    sharedBus.emit({ type: 'auth/sessionExpired' });
    first.unmount();

    // Another booking's form is not given them.
    const other = renderScreen(<BookingFinishedPage />, { path: '/bookingfinished', state: { jobId: 5 } });
    expect(await screen.findByRole('textbox', { name: 'Review' })).toHaveValue('');
    other.unmount();

    open();
    expect(await screen.findByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Review' })).toHaveValue('On time.');
  });

  it('rated in another tab meanwhile (409): says so and shows the booking rated, with no Submit to fail again', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const api = fakeApi({
      // The first read is the form's; the one after the 409 finds the rating made in the other tab.
      'GET /api/jobs/4': () => (reads++ === 0 ? ok(completed) : ok({ ...completed, rating: 2 })),
      'POST /ratings': fail(409, ALREADY_RATED),
    });
    open();
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Review' }), 'Again');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText(ALREADY_RATED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Previous Bookings' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/ratings')).toHaveLength(1);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(bus.toasts()).toEqual([]);
  });

  it('another refusal (not a 409) keeps the form and what was typed, to try again', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/jobs/4': ok(completed), 'POST /ratings': fail(503, 'Service Unavailable') });
    open();
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Review' }), 'Again');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await user.click(submit);
    // A browser moves a disabled button's focus to the page (jsdom does not: done here as a browser would).
    submit.blur();
    expect(await screen.findByRole('alert')).toHaveTextContent('Service Unavailable');
    expect(screen.getByRole('textbox', { name: 'Review' })).toHaveValue('Again');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus());
  });

  it('rated in another tab while the form is open: shows it rated at once (the live job update), with the focus', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/jobs/4': ok(completed) });
    open();
    await screen.findByRole('button', { name: 'Submit' });
    await user.click(screen.getByLabelText('Review'));
    act(() => sharedBus.emit({ type: 'job/updated', job: { ...completed, rating: 4 } }));
    expect(screen.getByText(ALREADY_RATED)).toBeInTheDocument();
    // The field the focus was in went with the form: the reason takes it, to be read out.
    expect(screen.getByText(ALREADY_RATED).closest('.ui-card')).toHaveFocus();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it("its own rating's live update arriving before the answer keeps the form, busy, then thanks and leaves", async () => {
    const user = userEvent.setup();
    const gate = deferred(ok({ id: 1, job_id: 4, rating: 5 }, THANK_YOU, 201));
    fakeApi({ 'GET /api/jobs/4': ok(completed), 'POST /ratings': gate.handler });
    open();
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() => sharedBus.emit({ type: 'job/updated', job: { ...completed, rating: 5 } }));
    expect(screen.queryByText(ALREADY_RATED)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    gate.release();
    expect(await screen.findByTestId('location')).toHaveTextContent('/previousbooking');
    expect(bus.toasts()).toEqual([{ kind: 'success', message: THANK_YOU }]);
  });

  it('left while the rating is on its way: a success still thanks; a failure says so in a toast, as the form that would have said it is gone', async () => {
    const user = userEvent.setup();
    const saved = deferred(ok({ id: 1, job_id: 4, rating: 5 }, THANK_YOU, 201));
    fakeApi({ 'GET /api/jobs/4': ok(completed), 'POST /ratings': saved.handler });
    const first = open();
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    first.unmount();
    saved.release();
    await waitFor(() => expect(bus.toasts()).toEqual([{ kind: 'success', message: THANK_YOU }]));

    const refused = deferred(fail(503, 'The server is busy. Please try again.'));
    fakeApi({ 'GET /api/jobs/4': ok(completed), 'POST /ratings': refused.handler });
    const second = open();
    await user.click(await screen.findByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    second.unmount();
    refused.release();
    await waitFor(() =>
      expect(bus.toasts().at(-1)).toEqual({
        kind: 'error',
        message: notRatedAfterLeaving('The server is busy. Please try again.'),
      }),
    );

    // Refused because the session ended: /login says why and the rating is held; no toast of its own.
    const unauthenticated = deferred(fail(401, 'Unauthenticated.'));
    fakeApi({ 'GET /api/jobs/4': ok(completed), 'POST /ratings': unauthenticated.handler });
    const third = open();
    await user.click(await screen.findByRole('radio', { name: '3 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    third.unmount();
    const toastsBefore = bus.toasts().length;
    unauthenticated.release();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(bus.toasts()).toHaveLength(toastsBefore);
  });

  it('a booking rated already shows its stars instead of the form', async () => {
    fakeApi({ 'GET /api/jobs/4': ok({ ...completed, rating: 3 }) });
    open();
    expect(await screen.findByText(ALREADY_RATED)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '3 out of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it.each([
    ['Pending', 'Go to Active Bookings', '/activebooking'],
    ['Accepted', 'Go to Active Bookings', '/activebooking'],
    ['Rejected', 'Go to Previous Bookings', '/previousbooking'],
  ] as const)('a %s booking is not offered the form: it says when a booking can be rated', async (status, link, href) => {
    fakeApi({ 'GET /api/jobs/4': ok({ ...completed, status }) });
    open();
    expect(await screen.findByText(NOT_YET_RATEABLE)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Rating' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', href);
  });

  it("opens the booking of the finish e-mail's link (/bookingfinished?job=4)", async () => {
    fakeApi({ 'GET /api/jobs/4': ok(completed) });
    renderScreen(<BookingFinishedPage />, { path: '/bookingfinished', search: '?job=4' });
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('without a booking it says so and links to Previous Bookings', async () => {
    fakeApi({});
    renderScreen(<BookingFinishedPage />, { path: '/bookingfinished' });
    expect(await screen.findByText(NO_JOB_CHOSEN)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Previous Bookings' })).toHaveAttribute('href', '/previousbooking');
  });

  it('shows a clear failure with Retry when the booking cannot be loaded', async () => {
    fakeApi({ 'GET /api/jobs/4': fail(500, 'Server Error') });
    open();
    expect(await screen.findByText('The booking could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
