/// <reference types="@testing-library/jest-dom" />
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, bus, hasUnsavedChanges, storeContactUs, type BusEvent } from 'shared';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import ContactUsPage from './ContactUsPage';

jest.mock('shared', () => ({ ...jest.requireActual<typeof import('shared')>('shared'), storeContactUs: jest.fn() }));
const mockedStore = storeContactUs as jest.MockedFunction<typeof storeContactUs>;

describe('ContactUsPage', () => {
  let events: BusEvent[];
  let stop: () => void;
  beforeEach(() => {
    events = [];
    const subscription = bus.all().subscribe((e) => events.push(e));
    stop = () => subscription.unsubscribe();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    stop();
    mockedStore.mockReset();
    jest.restoreAllMocks();
  });

  async function fillAndSubmit() {
    const user = userEvent.setup();
    renderWithProviders(<ContactUsPage />, { session: signedInAs('Customer') });
    expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(screen.getByLabelText('Query Title'), 'Refund');
    await user.type(screen.getByLabelText('Message'), 'I was charged twice.');
    // A written message is not left behind unasked.
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
  }

  it("sends title and message and toasts 'Successfully send'", async () => {
    mockedStore.mockResolvedValue({ data: null, message: 'Stored' });
    await fillAndSubmit();
    await waitFor(() => expect(events).toContainEqual({ type: 'toast/show', kind: 'success', message: 'Successfully send' }));
    expect(mockedStore).toHaveBeenCalledWith({ title: 'Refund', message: 'I was charged twice.' }, { silent: true });
    expect(screen.getByLabelText('Query Title')).toHaveValue('');
    expect(hasUnsavedChanges()).toBe(false);
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("a refused field shows the server's reason under it, and what was written stays", async () => {
    mockedStore.mockRejectedValue(
      new ApiError('The title may not be greater than 200 characters.', 400, {
        title: ['The title may not be greater than 200 characters.'],
      }),
    );
    await fillAndSubmit();
    const title = screen.getByLabelText('Query Title');
    expect(await screen.findByText('The title may not be greater than 200 characters.')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('The title may not be greater than 200 characters.');
    // The focus goes to the field to mend, whose label and reason are read out.
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveValue('Refund');
    expect(screen.getByLabelText('Message')).toHaveValue('I was charged twice.');
    expect(hasUnsavedChanges()).toBe(true);
    expect(events.filter((e) => e.type === 'toast/show')).toEqual([]);
    // Changing the field takes its reason away.
    await userEvent.setup().type(title, '!');
    expect(screen.queryByText('The title may not be greater than 200 characters.')).not.toBeInTheDocument();
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('not sent at all (no connection): says so and keeps what was written, and Submit works again', async () => {
    mockedStore.mockRejectedValueOnce(new ApiError('Network Error', 0));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your message could not be sent. Network Error What you wrote is still here; please try again.',
    );
    expect(screen.getByLabelText('Query Title')).toHaveValue('Refund');
    expect(screen.getByLabelText('Message')).toHaveValue('I was charged twice.');
    mockedStore.mockResolvedValueOnce({ data: null, message: 'Stored' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText('Query Title')).toHaveValue(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("keeps a title or message pasted over the server's limits whole, to be shortened once the server says so", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactUsPage />, { session: signedInAs('Customer') });
    const title = screen.getByLabelText('Query Title');
    const message = screen.getByLabelText('Message');
    await user.click(title);
    await user.paste('T'.repeat(250));
    await user.click(message);
    await user.paste('M'.repeat(5001));
    expect(title).toHaveValue('T'.repeat(250));
    expect(message).toHaveValue('M'.repeat(5001));
  });

  it('asks before leaving while the message is on its way; left anyway, a failure says so in a toast', async () => {
    let refuse: (error: Error) => void = () => undefined;
    mockedStore.mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const user = userEvent.setup();
    const view = renderWithProviders(<ContactUsPage />, { session: signedInAs('Customer') });
    await user.type(screen.getByLabelText('Query Title'), 'Refund');
    await user.type(screen.getByLabelText('Message'), 'I was charged twice.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(hasUnsavedChanges()).toBe(true);
    view.unmount();
    refuse(new ApiError('The server is busy. Please try again.', 503));
    await waitFor(() =>
      expect(events).toContainEqual({
        type: 'toast/show',
        kind: 'error',
        message: 'Your message to the admin could not be sent. The server is busy. Please try again.',
      }),
    );
  });

  it('refused because the session ended (401) after the page went: no toast (/login says why, and the text is held)', async () => {
    let refuse: (error: Error) => void = () => undefined;
    mockedStore.mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const user = userEvent.setup();
    const view = renderWithProviders(<ContactUsPage />, { session: signedInAs('Customer') });
    await user.type(screen.getByLabelText('Message'), 'I was charged twice.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    view.unmount();
    refuse(new ApiError('Unauthenticated.', 401));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(events.filter((e) => e.type === 'toast/show')).toEqual([]);
  });

  it('shows a loader while sending', async () => {
    let finish: () => void = () => undefined;
    mockedStore.mockReturnValue(new Promise((resolve) => (finish = () => resolve({ data: null, message: '' }))));
    await fillAndSubmit();
    expect(screen.getByRole('status')).toHaveTextContent('Sending');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    // What is on its way cannot be changed meanwhile (a change would be cleared with it, unsent).
    await userEvent.setup().type(screen.getByLabelText('Message'), ' More.');
    expect(screen.getByLabelText('Message')).toHaveValue('I was charged twice.');
    expect(screen.getByLabelText('Query Title')).toHaveAttribute('readonly');
    finish();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('what was written comes back after the session ended under it and the same user signed in again; once, and not for another user', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<ContactUsPage />, { session: signedInAs('Customer', { id: 5 }), route: '/contactus' });
    await user.type(screen.getByLabelText('Query Title'), 'Refund');
    await user.type(screen.getByLabelText('Message'), 'I was charged twice.');
    bus.emit({ type: 'auth/sessionExpired' });
    first.unmount();

    // Another account signs in on this tab: an empty form.
    const other = renderWithProviders(<ContactUsPage />, { session: signedInAs('Customer', { id: 6 }), route: '/contactus' });
    expect(screen.getByLabelText('Query Title')).toHaveValue('');
    other.unmount();

    const again = renderWithProviders(<ContactUsPage />, { session: signedInAs('Customer', { id: 5 }), route: '/contactus' });
    expect(screen.getByLabelText('Query Title')).toHaveValue('Refund');
    expect(screen.getByLabelText('Message')).toHaveValue('I was charged twice.');
    again.unmount();

    renderWithProviders(<ContactUsPage />, { session: signedInAs('Customer', { id: 5 }), route: '/contactus' });
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });
});
