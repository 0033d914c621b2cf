import type { BookingForm } from 'shared';

/**
 * What the customer typed into the booking form, carried through "Add a card": the form's page goes to
 * /newpaymentmethod with this draft inside its return state, and the Assign Job host (on every page of a
 * customer) opens the booking modal again with it when the customer comes back. Never the CVV.
 */
export type BookingDraftValues = BookingForm;

export interface BookingDraft {
  providerId: number;
  serviceId: number;
  values: BookingDraftValues;
}

export const EMPTY_BOOKING_VALUES: BookingDraftValues = {
  day: '',
  date: '',
  time: '',
  custom_time: '',
  address: '',
  destination_address: '',
};

const DRAFT_KEY = 'bookingDraft';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A page's navigation state with `draft` added (the page's own state is kept as it was). */
export function withBookingDraft(state: unknown, draft: BookingDraft): Record<string, unknown> {
  const { providerId, serviceId, values } = draft;
  const kept: BookingDraftValues = { ...EMPTY_BOOKING_VALUES };
  for (const field of Object.keys(kept) as (keyof BookingDraftValues)[]) kept[field] = values[field];
  return { ...(isRecord(state) ? state : {}), [DRAFT_KEY]: { providerId, serviceId, values: kept } };
}

/** The draft a navigation state carries, if it carries a well-formed one. */
export function bookingDraftFrom(state: unknown): BookingDraft | null {
  if (!isRecord(state) || !isRecord(state[DRAFT_KEY])) return null;
  const { providerId, serviceId, values } = state[DRAFT_KEY];
  if (!Number.isInteger(providerId) || !Number.isInteger(serviceId) || !isRecord(values)) return null;
  const draft: BookingDraftValues = { ...EMPTY_BOOKING_VALUES };
  for (const field of Object.keys(draft) as (keyof BookingDraftValues)[]) {
    const value = values[field];
    if (typeof value === 'string') draft[field] = value;
  }
  return { providerId: providerId as number, serviceId: serviceId as number, values: draft };
}

/** The navigation state without its draft (null when nothing else was in it). */
export function withoutBookingDraft(state: unknown): Record<string, unknown> | null {
  if (!isRecord(state)) return null;
  const { [DRAFT_KEY]: _draft, ...rest } = state;
  return Object.keys(rest).length ? rest : null;
}

/** Whether the customer has typed anything into the form. */
export const hasBookingInput = (values: Readonly<Record<string, string>>) =>
  Object.values(values).some((value) => value.trim() !== '');
