import {
  bookingDraftFrom,
  EMPTY_BOOKING_VALUES,
  forgetHeldDraft,
  heldDraftFor,
  holdDraftForLogin,
  withBookingDraft,
} from './bookingDraft';

const values = { ...EMPTY_BOOKING_VALUES, address: '12 MG Road' };

describe('booking draft (carried through Add a card)', () => {
  it("keeps the page's state, the chosen service and the services there were to choose from", () => {
    const services = [
      { id: 1, name: 'Driver' },
      { id: 2, name: 'Delivery' },
    ];
    const state = withBookingDraft({ chat: 5 }, { providerId: 20, serviceId: 2, values, services });
    expect(state.chat).toBe(5);
    expect(bookingDraftFrom(JSON.parse(JSON.stringify(state)))).toEqual({ providerId: 20, serviceId: 2, values, services });
  });

  it('never keeps the CVV, and drops a malformed list of services', () => {
    const typed = { ...values, cvv: '123' } as typeof values;
    const state = withBookingDraft(null, { providerId: 20, serviceId: 1, values: typed });
    const draft = (state as { bookingDraft: { values: object } }).bookingDraft;
    expect(draft.values).not.toHaveProperty('cvv');
    expect(bookingDraftFrom({ bookingDraft: { ...draft, services: [{ id: 'x' }] } })).toEqual({
      providerId: 20,
      serviceId: 1,
      values,
    });
  });
});

describe('a draft held through a session that ended under the form', () => {
  afterEach(() => sessionStorage.clear());
  const draft = { id: 'd1', providerId: 20, serviceId: 1, values };
  const place = { userId: 10, page: '/providerprofile' };

  it('is there for the same user on the same page until forgotten, without the CVV', () => {
    holdDraftForLogin(place, { ...draft, values: { ...values, cvv: '123' } as typeof values });
    expect(sessionStorage.getItem('bookingDraftHeldForLogin')).not.toContain('123');
    expect(heldDraftFor(place)).toEqual(draft);
    forgetHeldDraft();
    expect(heldDraftFor(place)).toBeNull();
  });

  it('is not there for another user or on another page', () => {
    holdDraftForLogin(place, draft);
    expect(heldDraftFor({ ...place, userId: 11 })).toBeNull();
    expect(heldDraftFor({ ...place, page: '/' })).toBeNull();
  });

  it('ignores what is not a held draft', () => {
    sessionStorage.setItem('bookingDraftHeldForLogin', '{not json');
    expect(heldDraftFor(place)).toBeNull();
    sessionStorage.setItem('bookingDraftHeldForLogin', JSON.stringify({ ...place, bookingDraft: { providerId: 'x' } }));
    expect(heldDraftFor(place)).toBeNull();
  });
});
