import { useContext, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  ApiError,
  Avatar,
  bus,
  createJob,
  charactersIn,
  ErrorState,
  fetchPaymentMethods,
  formatPrice,
  historyIndex,
  isRetryableFailure,
  Loader,
  releaseLeaveGuards,
  useLeaveGuard,
  useSessionUser,
  useUnloadQuestion,
  type AddCardNavState,
  type PaymentMethod,
  messageOfError,
} from 'shared';
// Deep: a pure module kept out of the shared chunk every page loads (as shared/src/format is).
import { bookingWhenProblem, localDay, localTime } from 'shared/src/bookings/bookingWhen';
import { cardExpiry, cardLabel } from 'shared/src/payments/cardText';
import { defaultCard } from '../lib/format';
import { useLoad } from '../lib/useLoad';
import { useLocalDay } from '../lib/useLocalDay';
import {
  EMPTY_BOOKING_VALUES,
  hasBookingInput,
  holdDraftForLogin,
  newDraftId,
  withBookingDraft,
  type BookingDraft,
  type BookingDraftValues,
} from './bookingDraft';
import { BookingDialog } from './BookingDialog';
import { attemptKeyFor, keepUnsettledAttempt, newAttemptKey, settleAttempt } from './bookingAttempt';
import { BookingDialogHold } from './bookingDialogHold';
import {
  ADD_ANOTHER_CARD,
  CARD_ADDED,
  OUTCOME_UNKNOWN_NOTE,
  ASSIGN_PROVIDER_MISSING,
  CARD_NO_LONGER_SAVED,
  CHOOSE_ANOTHER_DRIVER,
  PAYMENT_EXPLAINED,
  SEE_ACTIVE_BOOKINGS,
} from './bookingTexts';
import { pathWithIds } from 'shared/src/contracts/addressIds';
import { focusIsLost } from 'shared/src/ui/focus';
import { Field, SelectField } from './Field';
import '../styles/customer.css';

/** The provider being booked (from GET /api/providers/{serviceId}). */
export interface BookingProvider {
  id: number;
  full_name: string;
  avatar: string | null;
  /** Null while the driver has set no price: not bookable (DRIVER_WITHOUT_PRICE). */
  basic_price?: number | null;
}

/** The form's own message when an address is missing (nothing is sent). */
export function missingAddressMessage(pick: string, drop: string): string | null {
  const missing = [pick.trim() ? null : 'Pick Address', drop.trim() ? null : 'Drop Address'].filter(Boolean);
  return missing.length ? `Please enter the ${missing.join(' and the ')}.` : null;
}

/** The API's limits of the typed fields (api/src/routes/jobs.ts, POST /api/jobs), counted as it counts them (code points). */
export const ADDRESS_MAX_LENGTH = 255;
export const CUSTOM_TIME_MAX_LENGTH = 100;

/**
 * The form's own message when an address (as sent: trimmed) is longer than the API takes, naming the field
 * by its label; null when both fit. The inputs have no maxLength: it cut a longer paste silently (a PIN code
 * at the end was lost) and the booking was sent cut.
 */
export function longAddressMessage(pick: string, drop: string): string | null {
  const long = [
    charactersIn(pick.trim()) > ADDRESS_MAX_LENGTH ? 'Pick Address' : null,
    charactersIn(drop.trim()) > ADDRESS_MAX_LENGTH ? 'Drop Address' : null,
  ].filter(Boolean);
  return long.length ? `The ${long.join(' and the ')} may not be greater than ${ADDRESS_MAX_LENGTH} characters.` : null;
}

export const CUSTOM_TIME_TOO_LONG = `The Custom Time may not be greater than ${CUSTOM_TIME_MAX_LENGTH} characters.`;

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** The API's words for a missing or malformed CVV (the spec's 'cvv date is required'), checked before sending. */
export const CVV_REQUIRED = 'cvv date is required';
export const CVV_FORMAT = 'The cvv must be 3 or 4 digits.';
export function cvvMessage(cvv: string): string | null {
  const value = cvv.trim();
  if (!value) return CVV_REQUIRED;
  return /^\d{3,4}$/.test(value) ? null : CVV_FORMAT;
}

type BookingFormValues = BookingDraftValues & { cvv: string };

/** One thing to mend before Submit & Pay can send: the message and the fields it marks. */
export interface FormProblem {
  message: string;
  fields: Partial<Record<keyof BookingFormValues, boolean>>;
}

/**
 * Everything the form refuses before sending, in the form's order (empty: it can be sent): the addresses,
 * the day and time as Submit is pressed (a form opened before midnight and sent after it checks the new
 * day), the custom time, and the CVV when a card is chosen.
 */
export function formProblems(values: BookingFormValues, withCard: boolean, pressed: Date = new Date()): FormProblem[] {
  const problems: FormProblem[] = [];
  const missing = missingAddressMessage(values.address, values.destination_address);
  if (missing) {
    problems.push({
      message: missing,
      fields: { address: !values.address.trim(), destination_address: !values.destination_address.trim() },
    });
  }
  const long = longAddressMessage(values.address, values.destination_address);
  if (long) {
    problems.push({
      message: long,
      fields: {
        address: charactersIn(values.address.trim()) > ADDRESS_MAX_LENGTH,
        destination_address: charactersIn(values.destination_address.trim()) > ADDRESS_MAX_LENGTH,
      },
    });
  }
  const when = bookingWhenProblem(values, localDay(pressed), localTime(pressed));
  if (when) problems.push({ message: when.message, fields: { [when.field]: true } });
  if (charactersIn(values.custom_time.trim()) > CUSTOM_TIME_MAX_LENGTH) {
    problems.push({ message: CUSTOM_TIME_TOO_LONG, fields: { custom_time: true } });
  }
  const cvvProblem = withCard ? cvvMessage(values.cvv) : null;
  if (cvvProblem) problems.push({ message: cvvProblem, fields: { cvv: true } });
  return problems;
}

/** The fields any of the problems marks. */
export function markedFields(problems: readonly FormProblem[]): FormProblem['fields'] {
  const marked: FormProblem['fields'] = {};
  for (const { fields } of problems) {
    for (const [field, isMarked] of Object.entries(fields)) {
      if (isMarked) marked[field as keyof BookingFormValues] = true;
    }
  }
  return marked;
}

export interface BookingFormProps {
  serviceId: number;
  provider: BookingProvider;
  /** Called when the user leaves the form for another page (e.g. to add a card), and after booking. */
  onDone: () => void;
  /**
   * Move focus to the first field when the form appears: for a form that replaces a loader inside an
   * open dialog, where the dialog's own initial focus could not reach it (not the page-load autofocus
   * that jsx-a11y/no-autofocus is about).
   */
  focusFirstField?: boolean;
  /** What the customer had typed before leaving to add a card (bookingDraft.ts). */
  initialValues?: BookingDraftValues;
  /**
   * The saved cards the form offered when the customer left it to add another card: back here, the card
   * added is the one chosen (bookingDraft.ts).
   */
  cardsBefore?: ReadonlyArray<number>;
  /**
   * Opened again on the way back from the card form: once the cards are read, the focus goes on where the
   * customer left off, the CVV of the card added, or the link to add one when none was.
   */
  backFromCardForm?: boolean;
  /**
   * Reads the driver again (quietly: the form stays), so that `provider` brings their price as it is now:
   * called when the API refused a booking because the price changed while the form was open.
   */
  readDriverAgain: () => void;
  /** Services the provider offers, to choose which one to book (chat's Assign Job); shown when there are several. */
  serviceChoice?: { services: ReadonlyArray<{ id: number; name: string }>; onChange: (serviceId: number) => void };
}

const loadSavedCards = async () => (await fetchPaymentMethods({ silent: true })).data;
/** The message shown, less the one that the card shown is gone. */
const withoutCardGone = (shown: string | null) => (shown === CARD_NO_LONGER_SAVED ? null : shown);

/**
 * The booking form of spec section 2 ('Booking Details'): when, where, and 'Payment Details' with the
 * default saved card (a choice when there are several), its CVV and 'Submit & Pay'. Submitting books
 * and pays 10.00 INR in one call (POST /api/jobs); on success → /requestconfirmation. Errors of the
 * form and of the server are shown here, and everything typed stays.
 */
export function BookingForm({
  serviceId,
  provider,
  onDone,
  readDriverAgain,
  focusFirstField = false,
  initialValues,
  cardsBefore,
  backFromCardForm = false,
  serviceChoice,
}: BookingFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const cards = useLoad(loadSavedCards);
  // A card added, removed or made the default in another tab or device: the choice here follows.
  const { refresh: refreshCards } = cards;
  useEffect(() => {
    const changed = bus.on('payments/changed').subscribe(refreshCards);
    return () => changed.unsubscribe();
  }, [refreshCards]);
  const [values, setValues] = useState({ ...EMPTY_BOOKING_VALUES, ...initialValues, cvv: '' });
  const [chosenCard, setChosenCard] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  /** The message's id while one is shown: the fields it is about are described by it. */
  const errorShown = error ? errorId : null;
  /** The fields the message shown is about (each field of the form can be one). */
  const [invalid, setInvalid] = useState<Partial<Record<keyof typeof values, boolean>>>({});
  const [busy, setBusy] = useState(false);
  // The dialog around the form stays open while paying: its answer is shown here.
  const holdDialog = useContext(BookingDialogHold);
  useEffect(() => {
    holdDialog?.(busy);
    return () => holdDialog?.(false);
  }, [holdDialog, busy]);
  /**
   * The service the API said this driver cannot be booked for any more (withdrawn, or their price removed,
   * while this form was open): no Submit & Pay that can only fail again, but the way to another driver.
   */
  const [withdrawnService, setWithdrawnService] = useState<number | null>(null);
  const withdrawn = withdrawnService === serviceId;
  // The API said an earlier Submit & Pay of this booking went through (its key sent again with other choices),
  // or that the customer has this booking open already.
  const [bookedAlready, setBookedAlready] = useState(false);
  /** The API said this booking is open already (another tab, a form left open): the next Submit & Pay books a second one. */
  const bookAgain = useRef(false);
  const price = provider.basic_price;
  useLeaveGuard(hasBookingInput(values) && !busy && !withdrawn);
  // While Submit & Pay is on its way a reload or a closed tab would leave its outcome unknown: the browser asks first.
  // (Not a leave guard: the form navigates by itself once booked, while still busy.)
  useUnloadQuestion(busy);
  const inFlight = useRef(false);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusFirstField) firstField.current?.focus();
  }, [focusFirstField]);

  /**
   * Counts the submits refused, by the form's own checks or by the server: after each, the first field to
   * mend takes the focus; with none, Submit & Pay takes it back when its disabling dropped it to the page.
   */
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusedSubmits === 0) return;
    const toMend = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (toMend) toMend.focus();
    else if (focusIsLost()) form.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, [refusedSubmits]);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    // A chosen date brings its month along: the two cannot disagree unnoticed.
    setValues((v) => (field === 'date' && value ? { ...v, date: value, day: value.slice(0, 7) } : { ...v, [field]: value }));
    setInvalid((i) => ({ ...i, [field]: false, ...(field === 'date' ? { day: false } : {}) }));
  };
  /** A field's value, its change, and the message describing it while it is marked. */
  const bind = (field: keyof typeof values) => ({
    value: values[field],
    onChange: set(field),
    invalidBy: invalid[field] ? errorShown : null,
  });
  // The earliest day the pickers offer: moves at local midnight while the form stays open.
  const today = useLocalDay();

  const list: PaymentMethod[] = cards.state.status === 'ready' ? cards.state.data : [];
  // Back from adding another card (a declined or expired one offered): the card just added is chosen,
  // once, when the cards are first loaded; the customer can still choose another.
  const [addedCardLookedFor, setAddedCardLookedFor] = useState(!cardsBefore);
  const [cardAdded, setCardAdded] = useState(false);
  if (!addedCardLookedFor && cards.state.status === 'ready') {
    setAddedCardLookedFor(true);
    const added = list.filter((c) => !cardsBefore?.includes(c.id)).sort((a, b) => b.id - a.id)[0];
    if (added) {
      setChosenCard(added.id);
      setCardAdded(true);
    }
  }
  // The card form's 'Card added successfully' alert would stay under this dialog's backdrop, and be
  // there still when it closes: it is said here, beside the card, instead.
  useEffect(() => {
    if (cardAdded) bus.emit({ type: 'alert/clear' });
  }, [cardAdded]);
  const card = list.find((c) => c.id === chosenCard) ?? defaultCard(list);
  // Back from the card form, where the focus goes once the cards are read ('pending' until then).
  const [resumeFocus, setResumeFocus] = useState<'pending' | 'cvv' | 'add-card' | null>(backFromCardForm ? 'pending' : null);
  if (resumeFocus === 'pending' && cards.state.status === 'ready') {
    setResumeFocus(list.some((c) => !cardsBefore?.includes(c.id)) ? 'cvv' : 'add-card');
  }
  const cvvField = useRef<HTMLInputElement>(null);
  const addCardLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Not taken from a field the customer went to while the cards were read.
    const untouched = document.activeElement === firstField.current || focusIsLost();
    if (!resumeFocus || resumeFocus === 'pending' || !untouched) return;
    (resumeFocus === 'cvv' ? cvvField : addCardLink).current?.focus();
  }, [resumeFocus]);
  // The card shown was removed in another tab or device (the list followed it): said, so that nobody
  // pays with the card offered in its place without noticing.
  // With no card left, the form says there is none: no card to choose instead.
  const [shownCard, setShownCard] = useState<number | null>(null);
  if (cards.state.status === 'ready' && (card?.id ?? null) !== shownCard) {
    if (shownCard !== null && !list.some((c) => c.id === shownCard))
      setError((shown) => (card ? CARD_NO_LONGER_SAVED : withoutCardGone(shown)));
    setShownCard(card?.id ?? null);
  }
  /** Another card chosen answers the message that the one shown is gone (also the API's, in the same words). */
  const chooseCard = (id: number) => {
    setChosenCard(id);
    setError(withoutCardGone);
  };

  // The key of this booking's attempt: an earlier attempt's while its outcome is unknown (bookingAttempt.ts).
  // Read as the form opens, and again when Submit & Pay is pressed for another service (Assign Job's choice).
  const [firstAttempt] = useState(() => ({ serviceId, key: attemptKeyFor(provider.id, serviceId) }));
  const attempt = useRef(firstAttempt);
  const [draftId] = useState(newDraftId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    // Every problem at once, each field marked: one press tells all there is to mend.
    const problems = formProblems(values, card !== null);
    if (problems.length > 0) {
      setInvalid(markedFields(problems));
      setError(problems.map((problem) => problem.message).join('\n'));
      setRefusedSubmits((n) => n + 1);
      return;
    }
    if (!card) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    setBookedAlready(false);
    if (attempt.current.serviceId !== serviceId) attempt.current = { serviceId, key: attemptKeyFor(provider.id, serviceId) };
    const { key } = attempt.current;
    // Kept until answered: a reload or a closed tab while it is on its way leaves its key to the next attempt.
    keepUnsettledAttempt(provider.id, serviceId, key);
    try {
      const { data } = await createJob(
        {
          service_id: serviceId,
          status: 'Pending',
          provider_id: provider.id,
          address: values.address.trim(),
          destination_address: values.destination_address.trim(),
          day: optional(values.day),
          date: optional(values.date),
          time: optional(values.time),
          custom_time: optional(values.custom_time),
          payment_method_id: card.id,
          cvv: values.cvv.trim(),
          // The receipts' times are written in it.
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          // The price shown: changed meanwhile, the API books nothing and says the new one (then read again).
          ...(typeof price === 'number' && { expected_price: price }),
          ...(bookAgain.current && { book_again: true }),
        },
        { silent: true, headers: { 'Idempotency-Key': key } },
      );
      settleAttempt(provider.id, serviceId);
      bus.emit({ type: 'job/updated', job: data });
      void navigate('/requestconfirmation');
      onDone();
    } catch (err) {
      // A refusal (a declined card, a field error) ends this attempt. No answer, or a server fault (a gateway's
      // 502/503/504 may come after the API booked and charged), keeps its key: Submit again cannot book twice.
      if (!isRetryableFailure(err)) {
        settleAttempt(provider.id, serviceId);
        attempt.current = { serviceId, key: newAttemptKey() };
      }
      // The card is gone (deleted in another tab or device): the cards are loaded again, so that it is no
      // longer offered, and the message says why this attempt failed.
      const fields = err instanceof ApiError ? err.errors : undefined;
      if (fields?.payment_method_id) cards.reload();
      // The driver stopped offering the service, or removed their price, while the form was open: no
      // Submit & Pay that can only fail again, but the way to another driver of the service.
      if (fields?.service_id || fields?.provider_id) setWithdrawnService(serviceId);
      // The price changed meanwhile: the page reads the driver again, and the form shows the new one.
      if (fields?.expected_price) readDriverAgain();
      if (fields?.idempotency_key || fields?.book_again) setBookedAlready(true);
      if (fields?.book_again) bookAgain.current = true;
      const outcomeUnknown = !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
      setError(
        fields?.service_id
          ? ASSIGN_PROVIDER_MISSING
          : outcomeUnknown
            ? `${messageOfError(err)} ${OUTCOME_UNKNOWN_NOTE}`
            : messageOfError(err),
      );
      inFlight.current = false;
      setBusy(false);
      setRefusedSubmits((n) => n + 1);
    }
  };

  const { cvv: _cvv, ...typed } = values;
  const draft: BookingDraft = {
    id: draftId,
    providerId: provider.id,
    serviceId,
    values: typed,
    services: serviceChoice?.services,
    // The cards offered now, so that the one added next is chosen on the way back.
    ...(list.length > 0 && { cardsBefore: list.map((c) => c.id) }),
  };
  useHeldThroughSessionEnd(draft);
  const returnIndex = historyIndex();
  const addCardState: AddCardNavState = {
    returnTo: location.pathname + location.search,
    returnState: withBookingDraft(location.state, draft),
    ...(returnIndex !== null && { returnIndex }),
  };
  // What was typed goes along (addCardState), and comes back into the form with the customer; it is also
  // left in this page's history entry, so that the browser's Back from the card form brings it back too.
  const goAddCard = () => {
    releaseLeaveGuards();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: withBookingDraft(location.state, draft) });
    onDone();
  };

  return (
    <form ref={form} className="cust-form" onSubmit={submit} noValidate aria-busy={busy}>
      <p className="cust-booking-for">
        <span aria-hidden="true">
          <Avatar src={provider.avatar} name={provider.full_name} size={36} />
        </span>
        <span>
          Booking <strong>{provider.full_name}</strong>
          {typeof price === 'number' ? (
            <>
              {' '}
              for <strong>{formatPrice(price)}</strong>
            </>
          ) : null}
        </span>
      </p>
      {serviceChoice && serviceChoice.services.length > 1 ? (
        <SelectField label="Service" value={serviceId} onChange={(event) => serviceChoice.onChange(Number(event.target.value))}>
          {serviceChoice.services.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="cust-form-grid">
        <Field
          label="Select day"
          type="month"
          {...bind('day')}
          ref={firstField}
          min={today.slice(0, 7)}
          // Shown only where the browser has no month input, and takes Select day as text.
          placeholder="YYYY-MM"
        />
        <Field label="Select date" type="date" {...bind('date')} min={today} />
        <Field label="Select Time" type="time" {...bind('time')} />
        <Field label="Custom Time" type="text" {...bind('custom_time')} placeholder="e.g. after 6 pm" />
      </div>
      <Field label="Pick Address" type="text" {...bind('address')} autoComplete="street-address" />
      <Field label="Drop Address" type="text" {...bind('destination_address')} />

      <h3>Payment Details</h3>
      {cards.state.status === 'loading' ? <Loader label="Loading your saved cards…" /> : null}
      {cards.state.status === 'error' ? (
        <ErrorState message="Your saved cards could not be loaded." detail={cards.state.message} onRetry={cards.reload} />
      ) : null}
      {cards.state.status === 'ready' && !card ? (
        <div className="ui-empty">
          <p className="cust-note">You have no saved card yet. Add a card to pay for this booking.</p>
          <Link
            ref={addCardLink}
            to="/newpaymentmethod"
            state={addCardState}
            className="ui-button ui-button--primary"
            onClick={goAddCard}
          >
            Add a card
          </Link>
        </div>
      ) : null}
      {card && list.length === 1 ? (
        <div className="cust-card-choice cust-card-choice--only">
          <span className="cust-card-number">{cardLabel(card)}</span>
          <CardExpiry card={card} />
          <span className="cust-card-tag">Default</span>
        </div>
      ) : null}
      {card && list.length > 1 ? (
        <fieldset className="cust-fieldset">
          <legend>Pay with</legend>
          {list.map((c) => (
            <label key={c.id} className="cust-card-choice">
              <input type="radio" name="payment-card" checked={c.id === card.id} onChange={() => chooseCard(c.id)} />
              <span className="cust-card-number">{cardLabel(c)}</span>
              <CardExpiry card={c} />
              {c.id === defaultCard(list)?.id ? <span className="cust-card-tag">Default</span> : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      {card && cardAdded ? (
        <p className="cust-card-added" role="status">
          {CARD_ADDED}
        </p>
      ) : null}
      {card ? (
        // A declined or expired card is not a dead end: another card is added from here, as with none.
        <Link ref={addCardLink} to="/newpaymentmethod" state={addCardState} className="cust-add-card" onClick={goAddCard}>
          {ADD_ANOTHER_CARD}
        </Link>
      ) : null}
      {card ? <p className="cust-note">{PAYMENT_EXPLAINED}</p> : null}
      {card ? (
        <div className="cust-cvv">
          <Field label="CVV" type="text" inputMode="numeric" autoComplete="cc-csc" {...bind('cvv')} ref={cvvField} />
        </div>
      ) : null}

      {error ? (
        <p role="alert" className="ui-alert cust-form-problems" id={errorId}>
          {error}
        </p>
      ) : null}
      {bookedAlready ? (
        <Link
          to="/activebooking"
          className="ui-button cust-submit"
          onClick={() => {
            releaseLeaveGuards();
            onDone();
          }}
        >
          {SEE_ACTIVE_BOOKINGS}
        </Link>
      ) : null}
      {withdrawn ? (
        <Link
          to={pathWithIds('/drivebooking', { serviceId })}
          state={{ serviceId }}
          className="ui-button ui-button--primary cust-submit"
          onClick={onDone}
        >
          {CHOOSE_ANOTHER_DRIVER}
        </Link>
      ) : card ? (
        <button type="submit" className="ui-button ui-button--primary cust-submit" disabled={busy} aria-busy={busy}>
          Submit &amp; Pay
        </button>
      ) : null}
    </form>
  );
}

export interface BookingModalProps extends Omit<BookingFormProps, 'focusFirstField'> {
  onClose: () => void;
}

/** The 'Booking Details' dialog around the booking form (Assign Job on the provider profile). */
export function BookingModal({ onClose, ...form }: BookingModalProps) {
  return (
    <BookingDialog onClose={onClose}>
      <BookingForm {...form} />
    </BookingDialog>
  );
}

/**
 * When the API ends the session under the open form, what was typed is held for the same user on this
 * page (bookingDraft.ts): signing in again brings them back here with the form filled in.
 */
function useHeldThroughSessionEnd(draft: BookingDraft): void {
  const userId = useSessionUser()?.id;
  const { pathname, search } = useLocation();
  const latest = useRef({ draft, userId, page: pathname + search });
  useEffect(() => {
    latest.current = { draft, userId, page: pathname + search };
  });
  useEffect(() => {
    const subscription = bus.on('auth/sessionExpired').subscribe(() => {
      const { draft: typed, userId: user, page } = latest.current;
      if (user !== undefined && hasBookingInput({ ...typed.values })) holdDraftForLogin({ userId: user, page }, typed);
    });
    return () => subscription.unsubscribe();
  }, []);
}

/** 'Expires 12/30' beside a card, so that two cards of one brand and last four can be told apart. */
function CardExpiry({ card }: { card: PaymentMethod }) {
  const expiry = cardExpiry(card);
  return expiry ? <span className="cust-card-expiry">Expires {expiry}</span> : null;
}
