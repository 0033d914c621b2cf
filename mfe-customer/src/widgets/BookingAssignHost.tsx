import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { bus, Loader, useSessionUser } from 'shared';
import type { AssignRequest } from './AssignDialogBody';
import {
  bookingDraftFrom,
  isDraftUsed,
  markDraftUsed,
  forgetHeldDraft,
  heldDraftFor,
  withoutBookingDraft,
} from '../components/bookingDraft';
import { BookingDialog } from '../components/BookingDialog';
import { LOADING_DRIVER } from '../components/bookingTexts';

// The host is on every signed-in page of a customer; the modal and its booking form load only when asked.
const AssignDialogBody = lazy(() => import('./AssignDialogBody'));

/**
 * Opens the booking modal when another remote asks for it (chat's Assign Job: `booking/assign` on the
 * bus). It answers `booking/assignHandled` at once, inside the same emit, so the asker knows the
 * customer remote is there, and announces `booking/assignHostReady` when it mounts, for a request
 * made before that (it mounts after the page's first screen). It also opens it again, filled in,
 * when the customer comes back from adding a card with a booking draft in the page's state
 * (bookingDraft.ts), and takes the draft out of the history entry so that Back or a reload does not
 * open it once more; and when the customer signs in again after the session ended under the open
 * form. Renders nothing until asked. The shell mounts it for customers.
 */
export default function BookingAssignHost() {
  const [request, setRequest] = useState<AssignRequest | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // Opened while rendering the entry that carries a draft, once per history entry: arrived at from the card
  // form (Save, Cancel) or with Back. Not when the form leaves it in its own entry on the way to the card
  // form (a replace), and not a draft opened already (the same one in an older entry).
  const navigationType = useNavigationType();
  const draft = bookingDraftFrom(location.state);
  const [resumedEntry, setResumedEntry] = useState<string | null>(null);
  const parked = navigationType === NavigationType.Replace;
  if (draft && !parked && resumedEntry !== location.key) {
    setResumedEntry(location.key);
    if (!isDraftUsed(draft.id)) {
      if (draft.id) markDraftUsed(draft.id);
      setRequest({
        providerId: draft.providerId,
        serviceId: draft.serviceId,
        services: draft.services,
        draft: draft.values,
        cardsBefore: draft.cardsBefore,
        backFromCardForm: true,
      });
    }
  }
  const dropDraftFromEntry = useEffectEvent(() => {
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: withoutBookingDraft(location.state) });
  });
  const seenDraft = draft !== null && !parked;
  useEffect(() => {
    if (seenDraft) dropDraftFromEntry();
  }, [seenDraft, location.key]);

  // A form the session ended under (bookingDraft.ts holdDraftForLogin) opens again on the first page
  // shown after signing in again, when it is the form's page, and is forgotten there either way. Not
  // on /login, where a tab just signed in is still on its way back to that page.
  const userId = useSessionUser()?.id;
  const [heldLookedFor, setHeldLookedFor] = useState(false);
  if (!heldLookedFor && userId !== undefined && location.pathname !== '/login') {
    setHeldLookedFor(true);
    const held = heldDraftFor({ userId, page: location.pathname + location.search });
    if (held) setRequest({ providerId: held.providerId, serviceId: held.serviceId, services: held.services, draft: held.values });
  }
  useEffect(() => {
    if (heldLookedFor) forgetHeldDraft();
  }, [heldLookedFor]);

  useEffect(() => {
    const subscription = bus.on('booking/assign').subscribe(({ providerId, serviceId, services }) => {
      bus.emit({ type: 'booking/assignHandled', providerId });
      setRequest({ providerId, serviceId, services });
    });
    // A chat that asked before this host was there is waiting for it.
    bus.emit({ type: 'booking/assignHostReady' });
    return () => subscription.unsubscribe();
  }, []);

  if (!request) return null;
  const close = () => setRequest(null);
  return (
    <BookingDialog onClose={close}>
      <Suspense fallback={<Loader label={LOADING_DRIVER} />}>
        <AssignDialogBody key={`${request.serviceId}-${request.providerId}`} request={request} onClose={close} />
      </Suspense>
    </BookingDialog>
  );
}
