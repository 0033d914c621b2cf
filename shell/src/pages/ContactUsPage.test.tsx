/// <reference types="@testing-library/jest-dom" />
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, hasUnsavedChanges, storeContactUs, type BusEvent } from 'shared';
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

  it('on failure clears the fields and only logs the error', async () => {
    const failure = new Error('Request failed with status code 500');
    mockedStore.mockRejectedValue(failure);
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByLabelText('Query Title')).toHaveValue(''));
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(console.error).toHaveBeenCalledWith(failure);
    expect(events.filter((e) => e.type === 'toast/show' || e.type === 'alert/show')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('shows a loader while sending', async () => {
    let finish: () => void = () => undefined;
    mockedStore.mockReturnValue(new Promise((resolve) => (finish = () => resolve({ data: null, message: '' }))));
    await fillAndSubmit();
    expect(screen.getByRole('status')).toHaveTextContent('Sending');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
