import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  ApiError,
  Avatar,
  bus,
  fetchJob,
  ErrorState,
  formatPrice,
  isSessionRefusal,
  Loader,
  PageTitle,
  rateJob,
  useHeldForm,
  useHoldThroughSessionEnd,
  useJob,
  useLeaveGuard,
  useSessionUser,
  useStillShown,
  type Job,
  messageOfError,
} from 'shared';
import { pathWithIds, jobIdFrom } from 'shared/src/contracts/addressIds';
import { focusIsLost, useFocusBackAfter } from 'shared/src/ui/focus';
import { NothingHere } from 'shared/src/ui/NothingHere';
import { TextAreaField } from '../components/Field';
import { Stars } from '../components/Rating';
import { StarRatingInput } from '../components/StarRatingInput';
import '../styles/customer.css';

export const CHOOSE_RATING = 'Please choose a rating.';
export const THANK_YOU = 'Thank you for your feedback';
export const ALREADY_RATED = 'This job has already been rated.';
export const CUSTOMER_RATES = 'Only the customer of a booking can rate it.';
/** The API's own words (POST /ratings answers 409 with them), said before anything is filled in. */
export const NOT_YET_RATEABLE = 'A job can be rated once it is Completed.';
/** The API's limit of a review (POST /ratings, feedback), counted as it counts (code points), said before sending. */
export const REVIEW_MAX_LENGTH = 2000;
export const REVIEW_TOO_LONG = `The review may not be greater than ${REVIEW_MAX_LENGTH} characters.`;
/** Said when the rating failed after the user had left the page (the form and its message are gone). */
export const notRatedAfterLeaving = (reason: string) => `Your rating was not saved: ${reason}`;

/**
 * `onOutdated`: the API refused because the booking changed meanwhile (409: rated in another tab); the
 * page fetches it again and shows it as it is instead of a Submit that can only fail again.
 */
function RatingForm({
  job,
  onOutdated,
  onSending,
}: {
  job: Job;
  onOutdated: () => void;
  /** True while this form's rating is on its way (its own live update can come first). */
  onSending: (sending: boolean) => void;
}) {
  const navigate = useNavigate();
  // What was chosen and written when the session ended under the form comes back after signing in again.
  const heldAs = `rating:${job.id}`;
  const held = useHeldForm<{ rating: number; feedback: string }>(heldAs);
  const [rating, setRating] = useState(held?.rating ?? 0); // spec section 5: rating defaults to 0
  const [feedback, setFeedback] = useState(held?.feedback ?? '');
  useHoldThroughSessionEnd(heldAs, { rating, feedback }, rating > 0 || feedback.trim() !== '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const review = useRef<HTMLTextAreaElement>(null);
  const rememberFocus = useFocusBackAfter(busy);
  const firstStar = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useLeaveGuard((rating > 0 || feedback.trim() !== '') && !busy);
  /** A rating answered after the user went elsewhere neither moves them nor fails unseen. */
  const shown = useStillShown();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (rating < 1) {
      setError(CHOOSE_RATING); // deviation: the original sent a 0 rating
      firstStar.current?.focus();
      return;
    }
    // No maxLength on the box: it cut a longer paste silently and sent the review cut.
    if (Array.from(feedback.trim()).length > REVIEW_MAX_LENGTH) {
      setError(REVIEW_TOO_LONG);
      review.current?.focus();
      return;
    }
    inFlight.current = true;
    rememberFocus();
    setBusy(true);
    onSending(true);
    setError(null);
    try {
      await rateJob({ job_id: job.id, rating, feedback: feedback.trim() }, { silent: true });
      bus.emit({ type: 'job/updated', job: { ...job, rating } });
      bus.emit({ type: 'toast/show', kind: 'success', message: THANK_YOU });
      if (shown.current) void navigate('/previousbooking');
    } catch (err) {
      if (!shown.current) {
        // Refused because the session ended: /login says so, and the rating is held for after signing in.
        if (!isSessionRefusal(err))
          bus.emit({ type: 'toast/show', kind: 'error', message: notRatedAfterLeaving(messageOfError(err)) });
        return;
      }
      setError(messageOfError(err));
      inFlight.current = false;
      setBusy(false);
      onSending(false);
      if (err instanceof ApiError && err.status === 409) onOutdated();
    }
  };

  return (
    <form className="ui-card cust-form" onSubmit={submit} noValidate aria-busy={busy}>
      <StarRatingInput
        ref={firstStar}
        invalidBy={error === CHOOSE_RATING ? errorId : null}
        value={rating}
        onChange={(value) => {
          setRating(value);
          if (error === CHOOSE_RATING) setError(null);
        }}
      />
      <TextAreaField
        label="Review"
        value={feedback}
        ref={review}
        onChange={(e) => {
          setFeedback(e.target.value);
          if (error === REVIEW_TOO_LONG) setError(null);
        }}
        placeholder="How was your ride?"
        invalidBy={error === REVIEW_TOO_LONG ? errorId : null}
      />
      {error ? (
        <p role="alert" className="ui-alert" id={errorId}>
          {error}
        </p>
      ) : null}
      <div className="ui-actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={busy} aria-busy={busy}>
          Submit
        </button>
      </div>
    </form>
  );
}

/**
 * The booking rated already, with its stars. Shown in place of the form when the booking was rated
 * meanwhile (in another tab), it takes the focus the form's field had, so that the reason is read out.
 */
function AlreadyRated({ rating }: { rating: number }) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusIsLost()) card.current?.focus();
  }, []);
  return (
    <div ref={card} className="ui-card ui-empty" tabIndex={-1}>
      <p className="cust-message">{ALREADY_RATED}</p>
      <Stars value={rating} />
      <Link to="/previousbooking" className="ui-button">
        Go to Previous Bookings
      </Link>
    </div>
  );
}

/**
 * Rate your Booking (/bookingfinished, state { jobId }): star rating (0 by default), a review and
 * Submit → POST /ratings. No star chosen: a message and nothing sent. Success: a toast and Previous
 * Bookings. A job rated already (the API's 409, or live: rated in another tab) shows it rated, with its stars.
 */
export default function BookingFinishedPage() {
  const location = useLocation();
  const { state, reload, replace, refreshError, refresh } = useJob(jobIdFrom(location));
  const isProvider = useSessionUser()?.role === 'Provider';
  // The rating sent from here is published live too, and may arrive before its answer: the form stays
  // (busy) until then, rather than flashing 'already rated' at the person who just rated.
  const [sending, setSending] = useState(false);

  let body;
  if (state.status === 'loading') body = <Loader label="Loading the booking…" />;
  else if (state.status === 'error')
    body = <ErrorState message="The booking could not be loaded." detail={state.message} onRetry={() => void reload()} />;
  else if (state.status === 'missing')
    body = <NothingHere message={state.message} to="/previousbooking" linkLabel="Go to Previous Bookings" />;
  else if (isProvider)
    body = (
      <NothingHere
        message={CUSTOMER_RATES}
        to={pathWithIds('/activebookingdetails', { jobId: state.job.id })}
        state={{ jobId: state.job.id }}
        linkLabel="Open Job Details"
      />
    );
  else {
    const { job } = state;
    body = (
      <>
        <section className="ui-card cust-status" aria-label="Booking">
          <span aria-hidden="true">
            <Avatar src={job.provider.avatar} name={job.provider.full_name} size={48} />
          </span>
          <span className="ui-person">
            <span className="ui-person__name">{job.provider.full_name}</span>
            <span className="ui-muted ui-small">
              <bdi>{job.service_name}</bdi> · <bdi>{job.address}</bdi> → <bdi>{job.destination_address}</bdi>
            </span>
          </span>
          <span className="cust-status__price">{formatPrice(job.price)}</span>
        </section>
        {job.status !== 'Completed' ? (
          <div className="ui-card ui-empty">
            <p className="cust-message">{NOT_YET_RATEABLE}</p>
            {job.status === 'Pending' || job.status === 'Accepted' ? (
              <Link to="/activebooking" className="ui-button">
                Go to Active Bookings
              </Link>
            ) : (
              <Link to="/previousbooking" className="ui-button">
                Go to Previous Bookings
              </Link>
            )}
          </div>
        ) : job.rating !== null && !sending ? (
          <AlreadyRated rating={job.rating} />
        ) : (
          <RatingForm
            job={job}
            onOutdated={() => void fetchJob(job.id, { silent: true }).then(({ data }) => replace(data), console.error)}
            onSending={setSending}
          />
        )}
      </>
    );
  }

  return (
    <div className="ui-page">
      <PageTitle>Rate your Booking</PageTitle>
      {state.status === 'ready' && refreshError ? (
        <ErrorState message="This booking could not be refreshed." detail={refreshError} onRetry={refresh} />
      ) : null}
      {body}
    </div>
  );
}
