import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus as appBus } from 'shared';
import ServicesPage, { TURNED_ROUND_SETTLE_MS } from './ServicesPage';
import { renderScreen } from '../testing/renderScreen';
import { deferred, fail, fakeApi, ok } from '../testing/fakeApi';
import { offer, services } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

const [driver, delivery, shipping] = services as [(typeof services)[0], (typeof services)[0], (typeof services)[0]];
const card = (name: string) => screen.getByRole('article', { name });

/** What each card says: [service, 'Added' or not, its button]. */
const cards = () =>
  services.map((s) => {
    const c = card(s.name);
    return [s.name, within(c).queryByText('Added') ? 'Added' : '-', within(c).getByRole('button').textContent];
  });

const open = () => renderScreen(<ServicesPage />, { path: '/service' });

describe('All Services (/service, Provider view)', () => {
  const { bus } = setupScreenTest();

  it('shows each service with icon, name and description: Added with Delete when offered, Add otherwise', async () => {
    fakeApi({ 'GET /api/services': ok(services), 'GET /api/user-services': ok([offer(31, driver)]) });
    open();
    expect(screen.getByRole('heading', { name: 'All Services', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading services');
    await screen.findByRole('list', { name: 'Services' });
    expect(cards()).toEqual([
      ['Driver', 'Added', 'Delete'],
      ['Delivery', '-', 'Add'],
      ['Shipping', '-', 'Add'],
    ]);
    expect(card('Driver')).toHaveTextContent('A certified driver takes the wheel of your car.');
    expect(card('Driver').querySelector('img')).toHaveAttribute('src', 'http://localhost:4000/static/icons/driver.svg');
  });

  it('Add sends the service id, is disabled in flight, and the card reads Added from the answer', async () => {
    const answer = deferred(ok([offer(31, driver), offer(32, delivery)], 'Service added successfully', 201));
    const api = fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': ok([offer(31, driver)]),
      'POST /api/user-services': answer.handler,
    });
    open();
    await screen.findByRole('list', { name: 'Services' });
    const add = within(card('Delivery')).getByRole('button', { name: 'Add' });
    await userEvent.click(add);
    expect(add).toBeDisabled();
    expect(within(card('Shipping')).getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(within(card('Driver')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    // A browser moves a disabled button's focus to the page (jsdom does not: done here as a browser would).
    add.blur();
    answer.release();
    await waitFor(() => expect(within(card('Delivery')).getByRole('button', { name: 'Delete' })).toBeEnabled());
    // Answered: the focus is back on the pressed button, which now says Delete.
    expect(within(card('Delivery')).getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(cards()).toEqual([
      ['Driver', 'Added', 'Delete'],
      ['Delivery', 'Added', 'Delete'],
      ['Shipping', '-', 'Add'],
    ]);
    expect(api.writes()).toEqual([{ method: 'POST', url: '/api/user-services', params: undefined, body: { service_id: 2 } }]);
    expect(bus.alerts()).toContainEqual({ type: 'success', message: 'Service added successfully' });
  });

  it('Delete sends the offer id and the card offers Add again', async () => {
    const api = fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': ok([offer(31, driver), offer(33, shipping)]),
      'DELETE /api/user-services/33': ok([offer(31, driver)], 'Service removed successfully'),
    });
    open();
    await screen.findByRole('list', { name: 'Services' });
    await userEvent.click(within(card('Shipping')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(card('Shipping')).getByRole('button', { name: 'Add' })).toBeEnabled());
    expect(cards()).toEqual([
      ['Driver', 'Added', 'Delete'],
      ['Delivery', '-', 'Add'],
      ['Shipping', '-', 'Add'],
    ]);
    expect(api.writes()).toEqual([{ method: 'DELETE', url: '/api/user-services/33', params: undefined, body: undefined }]);
  });

  it('a failed Add says so and leaves the list as it was', async () => {
    fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': ok([offer(31, driver)]),
      'POST /api/user-services': fail(500, 'Server Error'),
    });
    open();
    await screen.findByRole('list', { name: 'Services' });
    await userEvent.click(within(card('Delivery')).getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Delivery could not be added: Server Error');
    expect(cards()).toEqual([
      ['Driver', 'Added', 'Delete'],
      ['Delivery', '-', 'Add'],
      ['Shipping', '-', 'Add'],
    ]);
    expect(within(card('Delivery')).getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('Add of a service added in another tab says it is offered already, and the card reads Added with Delete', async () => {
    let added = false;
    const api = fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': () => ok(added ? [offer(31, driver), offer(32, delivery)] : [offer(31, driver)]),
      'POST /api/user-services': fail(409, 'You already offer this service.'),
    });
    open();
    await screen.findByRole('list', { name: 'Services' });
    added = true;
    await userEvent.click(within(card('Delivery')).getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Delivery could not be added: You already offer this service.');
    await waitFor(() =>
      expect(cards()).toEqual([
        ['Driver', 'Added', 'Delete'],
        ['Delivery', 'Added', 'Delete'],
        ['Shipping', '-', 'Add'],
      ]),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Delivery could not be added: You already offer this service.');
    expect(api.callsTo('POST', '/api/user-services')).toHaveLength(1);
  });

  it('a failed Delete says so and leaves the list as it was', async () => {
    fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': ok([offer(31, driver)]),
      'DELETE /api/user-services/31': fail(500, 'Server Error'),
    });
    open();
    await screen.findByRole('list', { name: 'Services' });
    await userEvent.click(within(card('Driver')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Driver could not be deleted: Server Error');
    expect(cards()[0]).toEqual(['Driver', 'Added', 'Delete']);
  });

  it('Delete of a service deleted in another tab says it is no longer offered, and the card offers Add again', async () => {
    let deleted = false;
    fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': () => ok(deleted ? [offer(31, driver)] : [offer(31, driver), offer(32, delivery)]),
      'DELETE /api/user-services/32': fail(404, 'You no longer offer this service.'),
    });
    open();
    await screen.findByRole('list', { name: 'Services' });
    expect(cards()[1]).toEqual(['Delivery', 'Added', 'Delete']);
    deleted = true;
    await userEvent.click(within(card('Delivery')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Delivery could not be deleted: You no longer offer this service.',
    );
    await waitFor(() =>
      expect(cards()).toEqual([
        ['Driver', 'Added', 'Delete'],
        ['Delivery', '-', 'Add'],
        ['Shipping', '-', 'Add'],
      ]),
    );
    expect(within(card('Delivery')).getByRole('button', { name: 'Add' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Delivery could not be deleted: You no longer offer this service.');
  });

  it('a failure to load shows the message and Retry, which loads again', async () => {
    let attempts = 0;
    fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': () => (++attempts === 1 ? fail(500, 'Server Error') : ok([])),
    });
    open();
    expect(await screen.findByText('The services could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('list', { name: 'Services' });
    expect(cards().map((c) => c[2])).toEqual(['Add', 'Add', 'Add']);
  });

  it('a service added in another tab or device (profile/changed) reads Added here, quietly; a failed read keeps the list', async () => {
    let mine = [offer(31, driver)];
    let down = false;
    fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': () => (down ? fail(500, 'Server Error') : ok(mine)),
    });
    open();
    await screen.findByRole('list', { name: 'Services' });
    mine = [offer(31, driver), offer(33, shipping)];
    act(() => appBus.emit({ type: 'profile/changed' }));
    await waitFor(() => expect(within(card('Shipping')).getByRole('button')).toHaveTextContent('Delete'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    down = true;
    act(() => appBus.emit({ type: 'profile/changed' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(cards()).toEqual([
      ['Driver', 'Added', 'Delete'],
      ['Delivery', '-', 'Add'],
      ['Shipping', 'Added', 'Delete'],
    ]);
    expect(screen.queryByText('The services could not be loaded.')).not.toBeInTheDocument();
  });

  it('a button another tab just turned round (Add became Delete) ignores a press for a moment: a tap aimed at Add does not delete', async () => {
    let mine = [offer(31, driver)];
    const api = fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': () => ok(mine),
      'DELETE /api/user-services/31': ok([offer(33, shipping)], 'Service removed successfully'),
      'DELETE /api/user-services/33': ok([], 'Service removed successfully'),
    });
    open();
    await screen.findByRole('list', { name: 'Services' });
    mine = [offer(31, driver), offer(33, shipping)];
    act(() => appBus.emit({ type: 'profile/changed' }));
    await waitFor(() => expect(within(card('Shipping')).getByRole('button')).toHaveTextContent('Delete'));
    await userEvent.click(within(card('Shipping')).getByRole('button', { name: 'Delete' }));
    expect(api.callsTo('DELETE', '/api/user-services/33')).toHaveLength(0);
    // A card the other tab did not touch takes a press at once.
    await userEvent.click(within(card('Driver')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/user-services/31')).toHaveLength(1));
    // Once it has settled, Delete deletes.
    await new Promise((resolve) => setTimeout(resolve, TURNED_ROUND_SETTLE_MS));
    await userEvent.click(within(card('Shipping')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/user-services/33')).toHaveLength(1));
  });

  it('the realtime channel subscribed (again): the lists are read again, for a change made before it was', async () => {
    let mine = [offer(31, driver)];
    fakeApi({ 'GET /api/services': ok(services), 'GET /api/user-services': () => ok(mine) });
    open();
    await screen.findByRole('list', { name: 'Services' });
    mine = [offer(31, driver), offer(33, shipping)];
    act(() => appBus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(within(card('Shipping')).getByRole('button')).toHaveTextContent('Delete'));
  });

  it('a quiet read started before an Add and answered after it does not undo the Add', async () => {
    const staleRead = deferred(ok([offer(31, driver)]));
    let reads = 0;
    fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': () => (++reads === 1 ? ok([offer(31, driver)]) : staleRead.handler()),
      'POST /api/user-services': ok([offer(31, driver), offer(33, shipping)], 'Service added successfully', 201),
    });
    open();
    await screen.findByRole('list', { name: 'Services' });
    act(() => appBus.emit({ type: 'realtime/subscribed' }));
    await userEvent.click(within(card('Shipping')).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(card('Shipping')).getByRole('button')).toHaveTextContent('Delete'));
    await act(async () => staleRead.release());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(within(card('Shipping')).getByRole('button')).toHaveTextContent('Delete');
  });

  it('says so when there are no services', async () => {
    fakeApi({ 'GET /api/services': ok([]), 'GET /api/user-services': ok([]) });
    open();
    expect(await screen.findByText('No services are available yet. Please check again later.')).toBeInTheDocument();
  });

  it("keeps the session's count of services offered current (Home's Get started reads it)", async () => {
    fakeApi({
      'GET /api/services': ok(services),
      'GET /api/user-services': ok([]),
      'POST /api/user-services': ok([offer(31, driver)], 'Service added successfully', 201),
    });
    const { store } = renderScreen(<ServicesPage />, { path: '/service', user: { services_offered: 0 } });
    await screen.findByRole('list', { name: 'Services' });
    expect(bus.events.filter((e) => e.type === 'auth/userUpdated')).toEqual([]);
    await userEvent.click(within(card('Driver')).getByRole('button', { name: 'Add' }));
    await within(card('Driver')).findByText('Added');
    const updates = bus.events.filter((e) => e.type === 'auth/userUpdated');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ user: { services_offered: 1, email: store.getState().session.users!.email } });
  });
});
