import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus as sharedBus, hasUnsavedChanges } from 'shared';
import EditProfilePage from './EditProfilePage';
import { customer, provider, renderWithStore, signedIn } from '../testing/renderWithStore';
import { deferred, fail, fakeApi, ok, type Handler } from '../testing/fakeApi';
import { setupScreenTest } from '../testing/screenTest';

const formOf = (body: unknown) => Object.fromEntries((body as FormData).entries());
/** The API, answering GET /api/auth/me (the page reads the profile again when it opens) with `me`. */
const profileApi = (routes: Record<string, Handler>, me: unknown = customer) =>
  fakeApi({ 'GET /api/auth/me': ok(me), ...routes });
/** The form the page saved. */
const savedForm = (api: ReturnType<typeof fakeApi>) => formOf(api.callsTo('POST', '/api/auth/update-profile')[0].body);

describe('EditProfilePage', () => {
  const { bus } = setupScreenTest();

  it('shows the customer fields filled in, a disabled email, no provider fields, Back and Save Changes', () => {
    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    expect(screen.getByRole('heading', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Carla');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Customer');
    expect(screen.getByLabelText('Phone')).toHaveValue('5550100');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Address')).toHaveValue('12 Market Street');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveValue('customer@example.com');
    expect(screen.getByLabelText('Avatar')).toHaveAttribute('type', 'file');
    expect(screen.queryByLabelText('Bio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('applies the edit-profile rules', async () => {
    const user = userEvent.setup();
    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    await user.clear(screen.getByLabelText('First Name'));
    await user.clear(screen.getByLabelText('Last Name'));
    await user.type(screen.getByLabelText('Last Name'), 'L'.repeat(16));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), 'Road');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Must be 15 characters or less')).toBeInTheDocument();
    expect(screen.getByText('Phone must be at least 6 digits')).toBeInTheDocument();
    expect(screen.getByText('Address must be at least 6 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '555-0100');
    expect(await screen.findByText('Phone must contain digits only')).toBeInTheDocument();
  });

  it("keeps a pasted address or phone over the API's limit whole, says so under the field and sends nothing until mended", async () => {
    const updated = { ...customer, address: '14 Market Street, Bengaluru 560001' };
    const api = profileApi({ 'POST /api/auth/update-profile': ok(updated, 'Profile updated') });
    const user = userEvent.setup();
    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    const phone = screen.getByLabelText('Phone');
    const address = screen.getByLabelText('Address');
    // A 364-character address whose PIN code is at its end: nothing of it may be cut off unnoticed.
    const longAddress = `${'Flat 4B, Sunrise Apartments, 12th Cross, '.repeat(8)}Indiranagar, Bengaluru, PIN 560038`.padEnd(
      364,
      '.',
    );
    expect(longAddress).toHaveLength(364);
    await user.clear(address);
    await user.click(address);
    await user.paste(longAddress);
    await user.clear(phone);
    await user.click(phone);
    await user.paste('1'.repeat(25));
    expect(address).toHaveValue(longAddress);
    expect(phone).toHaveValue('1'.repeat(25));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The address may not be greater than 255 characters.')).toBeInTheDocument();
    expect(screen.getByText('The phone may not be greater than 20 characters.')).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription('The phone may not be greater than 20 characters.');
    expect(address).toHaveAccessibleDescription('The address may not be greater than 255 characters.');
    expect(address).toHaveValue(longAddress);
    expect(api.writes()).toEqual([]);
    expect(bus.alerts()).toEqual([]);

    // Mended, it saves.
    await user.clear(address);
    await user.type(address, '14 Market Street, Bengaluru 560001');
    await user.clear(phone);
    await user.type(phone, '5550100');
    expect(screen.queryByText('The address may not be greater than 255 characters.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    expect(savedForm(api)).toEqual({ address: '14 Market Street, Bengaluru 560001' });
  });

  it('counts an address as the API does: 255 characters with an emoji among them is not too long', async () => {
    const api = profileApi({ 'POST /api/auth/update-profile': ok(customer, 'Profile updated') });
    const user = userEvent.setup();
    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    const address = screen.getByLabelText('Address');
    const value = `🏠${'a'.repeat(254)}`;
    await user.clear(address);
    await user.click(address);
    await user.paste(value);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    expect(savedForm(api)).toEqual({ address: value });
  });

  it('holds the page while it has unsaved changes: an edited field or a chosen avatar', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(screen.getByLabelText('Address'), ', flat 2');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), '12 Market Street');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    await user.upload(
      screen.getByLabelText('Avatar'),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('uploads the chosen avatar with a preview, saves, updates the session and returns to the profile', async () => {
    const updated = { ...customer, first_name: 'Carlotta', full_name: 'Carlotta Customer', avatar: '/uploads/new.png' };
    const api = profileApi({ 'POST /api/auth/update-profile': ok(updated, 'Profile updated') });
    const user = userEvent.setup();
    const { store } = renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Avatar'), file);
    expect(await screen.findByRole('img', { name: 'New avatar preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Carlotta');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    // Only what was changed here: a save never undoes a change made meanwhile on another device.
    const sent = savedForm(api);
    expect(Object.keys(sent).sort()).toEqual(['avatar', 'first_name']);
    expect(sent.first_name).toBe('Carlotta');
    expect(sent.avatar).toBeInstanceOf(File);
    expect((sent.avatar as File).name).toBe('me.png');
    expect(sent).not.toHaveProperty('bio');
    expect(store.getState().session.users).toEqual(updated);
    expect(bus.events).toContainEqual({ type: 'auth/userUpdated', user: updated });
    expect(bus.alerts()).toEqual([{ type: 'success', message: 'Profile updated' }]);
  });

  it('changes typed when the session ended under the form come back, as changes, once the same user signed in again', async () => {
    const api = profileApi({ 'POST /api/auth/update-profile': ok({ ...customer, address: '99 Harbour Road' }) });
    const user = userEvent.setup();
    const first = renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), '99 Harbour Road');
    sharedBus.emit({ type: 'auth/sessionExpired' });
    first.unmount();

    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    expect(await screen.findByDisplayValue('99 Harbour Road')).toBe(screen.getByLabelText('Address'));
    expect(screen.getByLabelText('First Name')).toHaveValue('Carla');
    // Still a change: leaving asks, and Save Changes sends it.
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByTestId('location');
    expect(savedForm(api)).toEqual({ address: '99 Harbour Road' });
  });

  it('lets a provider edit bio, years of experience and price', async () => {
    const api = profileApi({ 'POST /api/auth/update-profile': ok({ ...provider, year_of_exp: 6, basic_price: 30 }) }, provider);
    const user = userEvent.setup();
    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(provider) });
    expect(screen.getByLabelText('Bio')).toHaveValue('Safe driver');
    await user.clear(screen.getByLabelText('Years of Experience'));
    await user.type(screen.getByLabelText('Years of Experience'), '6');
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '30');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByTestId('location');
    expect(savedForm(api)).toEqual({ year_of_exp: '6', basic_price: '30' });
  });

  it("a bio over the API's 2000 characters is marked invalid, reads its message and takes the focus on Save", async () => {
    const api = profileApi({}, provider);
    const user = userEvent.setup();
    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(provider) });
    const bio = screen.getByLabelText('Bio');
    fireEvent.change(bio, { target: { value: 'a'.repeat(2001) } });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The bio may not be greater than 2000 characters.')).toBeInTheDocument();
    expect(bio).toHaveAttribute('aria-invalid', 'true');
    expect(bio).toHaveAccessibleDescription('The bio may not be greater than 2000 characters.');
    expect(bio).toHaveFocus();
    expect(api.callsTo('POST', '/api/auth/update-profile')).toHaveLength(0);
  });

  it('a mouse press on Save Changes leaves the focus in the field typed in: its check on leaving would move the button under the pointer', async () => {
    const user = userEvent.setup();
    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '12ab');
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(fireEvent.mouseDown(save, { button: 0 })).toBe(false);
    expect(phone).toHaveFocus();
    expect(screen.queryByText('Phone must contain digits only')).not.toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText('Phone must contain digits only')).toBeInTheDocument();
    expect(phone).toHaveFocus();
    // The keyboard's press is a button's as ever.
    save.focus();
    expect(save).toHaveFocus();
  });

  it('checks the provider numbers', async () => {
    const user = userEvent.setup();
    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(provider) });
    await user.clear(screen.getByLabelText('Years of Experience'));
    await user.type(screen.getByLabelText('Years of Experience'), '-2');
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), 'ten');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Must be 0 or more')).toBeInTheDocument();
    expect(screen.getByText('Must be a number')).toBeInTheDocument();
  });

  it('stays on the form when saving fails; the failure is logged and the client shows the server message', async () => {
    const api = profileApi({ 'POST /api/auth/update-profile': fail(413, 'The avatar must not be larger than 2 MB.') });
    const user = userEvent.setup();
    const { store } = renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    await user.upload(screen.getByLabelText('Avatar'), new File(['png'], 'me.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled());
    expect(api.callsTo('POST', '/api/auth/update-profile')).toHaveLength(1);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(store.getState().session.users).toEqual(customer);
    expect(console.error).toHaveBeenCalled();
    expect(bus.alerts()).toEqual([{ type: 'danger', message: 'The avatar must not be larger than 2 MB.' }]);
  });

  it("the server's reasons per field are said under their fields, the avatar's too", async () => {
    profileApi(
      {
        'POST /api/auth/update-profile': fail(400, 'The address is not deliverable.', {
          address: ['The address is not deliverable.'],
          avatar: ['The avatar must be an image (PNG, JPEG, WebP or GIF).'],
        }),
      },
      provider,
    );
    const user = userEvent.setup();
    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(provider) });
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), '1 Nowhere Lane');
    await user.upload(screen.getByLabelText('Avatar'), new File(['png'], 'me.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('The address is not deliverable.'));
    expect(screen.getByLabelText('Address')).toHaveValue('1 Nowhere Lane');
    expect(screen.getByText('The avatar must be an image (PNG, JPEG, WebP or GIF).')).toBeInTheDocument();
  });

  describe('the booking e-mails preference', () => {
    const label = 'E-mail me about my bookings';
    const hint = 'Booking requests, answers, receipts and refunds. Turn off to stop these e-mails.';

    it('is a checkbox with its label and hint, checked when the user gets booking e-mails', () => {
      renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
      const box = screen.getByRole('checkbox', { name: label });
      expect(box).toBeChecked();
      expect(box).toHaveAccessibleDescription(hint);
      expect(screen.getByText(hint)).toBeVisible();
    });

    it('is unchecked for a user who turned the e-mails off', () => {
      renderWithStore(<EditProfilePage />, {
        path: '/editprofile',
        session: signedIn({ ...customer, email_notifications: false }),
      });
      expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
    });

    it('is checked for a session stored before the preference existed', () => {
      const { email_notifications: _omitted, ...older } = customer;
      renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(older as typeof customer) });
      expect(screen.getByRole('checkbox', { name: label })).toBeChecked();
    });

    it('turning it off sends email_notifications=false and the stored user shows it off', async () => {
      const updated = { ...customer, email_notifications: false };
      const api = profileApi({ 'POST /api/auth/update-profile': ok(updated, 'Profile updated') });
      const user = userEvent.setup();
      const { store } = renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
      await user.click(screen.getByLabelText(label));
      expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
      expect(savedForm(api)).toEqual({ email_notifications: 'false' });
      expect(store.getState().session.users?.email_notifications).toBe(false);
      expect(bus.events).toContainEqual({ type: 'auth/userUpdated', user: updated });
    });

    it('a provider sees it too; turning it back on sends email_notifications=true', async () => {
      const off = { ...provider, email_notifications: false };
      const api = profileApi({ 'POST /api/auth/update-profile': ok({ ...provider, email_notifications: true }) }, off);
      const user = userEvent.setup();
      const { store } = renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(off) });
      const box = screen.getByRole('checkbox', { name: label });
      expect(box).not.toBeChecked();
      expect(box).toHaveAccessibleDescription(hint);
      await user.click(box);
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await screen.findByTestId('location');
      expect(savedForm(api)).toEqual({ email_notifications: 'true' });
      expect(store.getState().session.users?.email_notifications).toBe(true);
    });

    it('an unchanged form sends nothing (no empty update, no "updated" message) and goes back to the profile', async () => {
      const api = profileApi({ 'POST /api/auth/update-profile': ok(customer) });
      const user = userEvent.setup();
      renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
      expect(api.callsTo('POST', '/api/auth/update-profile')).toHaveLength(0);
    });
  });

  describe('a profile changed on another device', () => {
    const elsewhere = { ...customer, first_name: 'Laptop', full_name: 'Laptop Customer', phone: '5550001111' };

    it('opens with the profile as the API has it now, and the stored session follows', async () => {
      profileApi({}, elsewhere);
      const { store } = renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
      expect(await screen.findByDisplayValue('Laptop')).toBe(screen.getByLabelText('First Name'));
      expect(screen.getByLabelText('Phone')).toHaveValue('5550001111');
      expect(store.getState().session.users?.first_name).toBe('Laptop');
    });

    it("keeps what the user started typing when the API's copy arrives later, and saves only that", async () => {
      const me = deferred(ok(elsewhere));
      const api = fakeApi({ 'GET /api/auth/me': me.handler, 'POST /api/auth/update-profile': ok(elsewhere) });
      const user = userEvent.setup();
      renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
      await user.clear(screen.getByLabelText('Address'));
      await user.type(screen.getByLabelText('Address'), '9 New Road');
      me.release();
      await waitFor(() => expect(api.callsTo('GET', '/api/auth/me')).toHaveLength(1));
      expect(screen.getByLabelText('Address')).toHaveValue('9 New Road');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await screen.findByTestId('location');
      // The stale first name and phone shown here are not sent back over the newer ones.
      expect(savedForm(api)).toEqual({ address: '9 New Road' });
    });
  });

  describe('the avatar', () => {
    it('refuses a file that is not an image at once, under the field, and keeps the current avatar', async () => {
      const api = profileApi({ 'POST /api/auth/update-profile': ok(customer) });
      const user = userEvent.setup({ applyAccept: false });
      renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
      await user.upload(screen.getByLabelText('Avatar'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The avatar must be an image (PNG, JPEG, WebP or GIF).');
      expect(screen.getByLabelText('Avatar')).toHaveAccessibleDescription(
        'The avatar must be an image (PNG, JPEG, WebP or GIF).',
      );
      expect(screen.queryByRole('img', { name: 'New avatar preview' })).not.toBeInTheDocument();
      // Nothing else changed: Save does not report an update that did not happen; the reason stays said.
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(api.callsTo('POST', '/api/auth/update-profile')).toHaveLength(0);
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('The avatar must be an image (PNG, JPEG, WebP or GIF).');
    });

    it("refuses a file over the API's upload limit when it is chosen, in the API's words, before any upload", async () => {
      const api = profileApi({ 'POST /api/auth/update-profile': ok(customer) });
      const user = userEvent.setup();
      renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
      const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
      await user.upload(screen.getByLabelText('Avatar'), big);
      expect(await screen.findByRole('alert')).toHaveTextContent('The file may not be greater than 5 MB.');
      expect(screen.queryByRole('img', { name: 'New avatar preview' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(api.callsTo('POST', '/api/auth/update-profile')).toHaveLength(0);
    });

    it('refuses a file named and typed as an image that cannot be shown', async () => {
      const user = userEvent.setup();
      renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
      await user.upload(screen.getByLabelText('Avatar'), new File(['not a picture'], 'fake.png', { type: 'image/png' }));
      fireEvent.error(await screen.findByRole('img', { name: 'New avatar preview' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The avatar must be an image (PNG, JPEG, WebP or GIF).');
      expect(screen.queryByRole('img', { name: 'New avatar preview' })).not.toBeInTheDocument();
    });
  });

  it('Back returns to the profile when opened directly', async () => {
    const user = userEvent.setup();
    renderWithStore(<EditProfilePage />, { path: '/editprofile', session: signedIn(customer) });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });
});
