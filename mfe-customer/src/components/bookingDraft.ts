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
  /** Names this draft: it is carried both in the page left for the card form and in the way back. */
  id?: string;
  providerId: number;
  /** The service chosen when the customer left. */
  serviceId: number;
  values: BookingDraftValues;
  /** The services there were to choose from, so that the choice is still there on return. */
  services?: ReadonlyArray<ServiceOption>;
  /**
   * The ids of the saved cards the form offered when the customer left to add another ("Add another
   * card"): back in the form, the card that was added is the one chosen, not the default left behind.
   */
  cardsBefore?: ReadonlyArray<number>;
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
  { id, providerId, serviceId, values, services, cardsBefore }: BookingDraft,
): Record<string, unknown> {
  const draft = {
    ...(id && { id }),
    providerId,
    serviceId,
    values: draftValuesOf({ ...values }),
    ...(services && { services: services.map(({ id, name }) => ({ id, name })) }),
    ...(cardsBefore && { cardsBefore: [...cardsBefore] }),
  };
  return { ...(isRecord(state) ? state : {}), [DRAFT_KEY]: draft };
}

/** The draft a navigation state carries, if it carries a well-formed one. */
export function bookingDraftFrom(state: unknown): BookingDraft | null {
  if (!isRecord(state) || !isRecord(state[DRAFT_KEY])) return null;
  const { id, providerId, serviceId, values, services, cardsBefore } = state[DRAFT_KEY];
  if (!Number.isInteger(providerId) || !Number.isInteger(serviceId) || !isRecord(values)) return null;
  const draft: BookingDraft = { providerId: providerId as number, serviceId: serviceId as number, values: draftValuesOf(values) };
  if (typeof id === 'string' && id) draft.id = id;
  if (Array.isArray(services) && services.length > 0 && services.every(isServiceOption)) draft.services = services;
  if (Array.isArray(cardsBefore) && cardsBefore.every((card) => Number.isInteger(card)))
    draft.cardsBefore = cardsBefore as number[];
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

/** A new draft's name, unique enough within one tab's history. */
export const newDraftId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const USED_KEY = 'bookingDraftsUsed';
const USED_KEPT = 20;

function usedDraftIds(): string[] {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(USED_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A draft opened again is used: the same draft in an older history entry (the page left for the card
 * form, reached again with Back later) does not open the modal a second time. Kept for this tab.
 */
export function markDraftUsed(id: string): void {
  try {
    sessionStorage.setItem(USED_KEY, JSON.stringify([...usedDraftIds().filter((used) => used !== id), id].slice(-USED_KEPT)));
  } catch {
    /* storage unavailable: at worst the modal opens again from an old entry, filled in */
  }
}

export const isDraftUsed = (id: string | undefined): boolean => id !== undefined && usedDraftIds().includes(id);

const HELD_KEY = 'bookingDraftHeldForLogin';

/** Where a held draft was typed, and by whom. */
interface HeldDraftPlace {
  userId: number;
  /** The page's path and query. */
  page: string;
}

/**
 * Keeps what was typed through a session that ended under the open form (the API refused the token):
 * the tab goes to /login, and the same user signing in again is taken back to `page`, where
 * takeHeldDraft opens the form with it. In this tab only (sessionStorage); never the CVV.
 */
export function holdDraftForLogin(place: HeldDraftPlace, draft: BookingDraft): void {
  try {
    sessionStorage.setItem(HELD_KEY, JSON.stringify({ ...place, ...withBookingDraft(null, draft) }));
  } catch {
    /* storage unavailable: the form comes back empty, as before */
  }
}

/** The draft held for this user on this page, if any (it stays held until forgetHeldDraft). */
export function heldDraftFor({ userId, page }: HeldDraftPlace): BookingDraft | null {
  let held: unknown;
  try {
    held = JSON.parse(sessionStorage.getItem(HELD_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(held) || held.userId !== userId || held.page !== page) return null;
  return bookingDraftFrom(held);
}

/**
 * Drops the held draft: the first page shown after signing in again takes it or lets it go (another
 * user, or the same one somewhere else, does not get it later).
 */
export function forgetHeldDraft(): void {
  try {
    sessionStorage.removeItem(HELD_KEY);
  } catch {
    /* storage unavailable: nothing was held */
  }
}
