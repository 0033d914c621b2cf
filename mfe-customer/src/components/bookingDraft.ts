import type { BookingForm } from 'shared';

/**
 * What the customer typed into the booking form, carried through "Add a card": the form's page goes to
 * /newpaymentmethod with this draft inside its return state, and the Assign Job host (on every page of a
 * customer) opens the booking modal again with it when the customer comes back. Never the CVV.
 */
export type BookingDraftValues = BookingForm;

/** A service the customer could choose in the form (chat's Assign Job). */
export interface ServiceOption {
  id: number;
  name: string;
}

export interface BookingDraft {
  providerId: number;
  /** The service chosen when the customer left. */
  serviceId: number;
  values: BookingDraftValues;
  /** The services there were to choose from, so that the choice is still there on return. */
  services?: ReadonlyArray<ServiceOption>;
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

/** The form's fields of `values` that are text, each else empty: nothing else (the CVV) is kept. */
function draftValuesOf(values: Record<string, unknown>): BookingDraftValues {
  const kept: BookingDraftValues = { ...EMPTY_BOOKING_VALUES };
  for (const field of Object.keys(kept) as (keyof BookingDraftValues)[]) {
    const value = values[field];
    if (typeof value === 'string') kept[field] = value;
  }
  return kept;
}

const isServiceOption = (value: unknown): value is ServiceOption =>
  isRecord(value) && Number.isInteger(value.id) && typeof value.name === 'string';

/** A page's navigation state with `draft` added (the page's own state is kept as it was). */
export function withBookingDraft(
  state: unknown,
  { providerId, serviceId, values, services }: BookingDraft,
): Record<string, unknown> {
  const draft = {
    providerId,
    serviceId,
    values: draftValuesOf({ ...values }),
    ...(services && { services: services.map(({ id, name }) => ({ id, name })) }),
  };
  return { ...(isRecord(state) ? state : {}), [DRAFT_KEY]: draft };
}

/** The draft a navigation state carries, if it carries a well-formed one. */
export function bookingDraftFrom(state: unknown): BookingDraft | null {
  if (!isRecord(state) || !isRecord(state[DRAFT_KEY])) return null;
  const { providerId, serviceId, values, services } = state[DRAFT_KEY];
  if (!Number.isInteger(providerId) || !Number.isInteger(serviceId) || !isRecord(values)) return null;
  const draft: BookingDraft = { providerId: providerId as number, serviceId: serviceId as number, values: draftValuesOf(values) };
  if (Array.isArray(services) && services.length > 0 && services.every(isServiceOption)) draft.services = services;
  return draft;
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
