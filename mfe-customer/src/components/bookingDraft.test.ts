import { bookingDraftFrom, EMPTY_BOOKING_VALUES, withBookingDraft } from './bookingDraft';

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
