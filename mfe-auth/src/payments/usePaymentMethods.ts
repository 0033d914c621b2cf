import { useCallback, useEffect, useRef, useState } from 'react';
import {
  addPaymentMethod,
  ApiError,
  bus,
  deletePaymentMethod,
  fetchPaymentMethods,
  isRetryableFailure,
  makeDefaultPaymentMethod,
  onCatchUp,
  sessionActions,
  useAppDispatch,
  useSession,
  type PaymentMethod,
} from 'shared';
import { messageOf } from '../apiMessage';

export type LoadStatus = 'loading' | 'ready' | 'error';

/** A card whose saving got no answer, then was sent again and refused as saved already, within this long: saved by the first. */
export const SAVED_BY_UNANSWERED_MS = 10 * 60_000;
/** What the API says when a card is saved: said too for one found saved by an earlier send whose answer was lost. */
const CARD_ADDED = 'Card added successfully';

/** The API answered 409 to a card sent to be saved: the same card is saved already. */
const isSavedAlready = (error: unknown) => error instanceof ApiError && error.status === 409;

/** The API answered 404: the card is not there any more (deleted in another tab or device). */
const isGone = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 404;

/** Spec section 9: the default card is the first in the list. */
export function defaultFirst(cards: PaymentMethod[]): PaymentMethod[] {
  const index = cards.findIndex((c) => c.is_default);
  if (index <= 0) return cards;
  return [cards[index], ...cards.slice(0, index), ...cards.slice(index + 1)];
}

/** Spec section 8: adding a card with an empty token. */
const EMPTY_TOKEN = 'something went wrong';

/**
 * The saved cards: loaded from the API (with a loader), kept in the session (`paymentMethod`) so
 * every screen sees the same list, and changed through the API only.
 */
export function usePaymentMethods({ autoLoad = true }: { autoLoad?: boolean } = {}) {
  const dispatch = useAppDispatch();
  const session = useSession();
  const cards = session.paymentMethod;
  const userId = session.users?.id;
  const [status, setStatus] = useState<LoadStatus>(autoLoad ? 'loading' : 'ready');
  /** Why the last load failed, said under the screen's error. */
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Stores a list read for this user: not if another has signed in meanwhile (a slow answer after a sign-out). */
  const store = useCallback(
    (list: PaymentMethod[]) => {
      if (userId !== undefined) dispatch(sessionActions.answeredFor({ userId, lists: { paymentMethod: defaultFirst(list) } }));
    },
    [dispatch, userId],
  );

  // Loads on mount (with autoLoad) and on each reload; the status follows the latest load only.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!autoLoad && attempt === 0) return undefined;
    let current = true;
    fetchPaymentMethods().then(
      ({ data }) => {
        store(data);
        if (current) setStatus('ready');
      },
      (error: unknown) => {
        console.error(error);
        if (!current) return;
        setLoadError(messageOf(error));
        setStatus('error');
      },
    );
    return () => {
      current = false;
    };
  }, [autoLoad, attempt, store]);

  // Cards changed in another tab or device, or events missed while the realtime connection was down:
  // the list is read again without a loader (kept as it is should that fail).
  useEffect(() => {
    if (!autoLoad) return undefined;
    // Silent: a read nobody asked for that fails puts up no alert.
    const readAgain = () =>
      void fetchPaymentMethods({ silent: true }).then(
        ({ data }) => {
          store(data);
          setStatus('ready');
        },
        (error: unknown) => console.error(error),
      );
    const changed = bus.on('payments/changed').subscribe(readAgain);
    const resubscribed = onCatchUp(readAgain);
    return () => {
      changed.unsubscribe();
      resubscribed.unsubscribe();
    };
  }, [autoLoad, store]);

  const reload = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  /**
   * The list again after a change the API made; should that read fail, `fallback` (the change applied to
   * the list shown) is shown instead. Silent: the change itself succeeded, and a failed read is no reason
   * to say otherwise.
   */
  const showAfterChange = async (fallback: PaymentMethod[]) => {
    try {
      const { data } = await fetchPaymentMethods({ silent: true });
      store(data);
    } catch (error) {
      console.error(error);
      store(fallback);
    }
  };

  /** The list again, after card `id` was deleted or found gone; should the reload fail, the list shown drops it. */
  const reloadWithout = (id: number) => showAfterChange(cards.filter((c) => c.id !== id));

  /**
   * Runs a change (of card `id`) with the list marked busy; answers whether it succeeded (failures are
   * logged; the API client says why). A card the API no longer has (404) goes from the list.
   */
  const mutate = async (change: () => Promise<void>, id?: number): Promise<boolean> => {
    setBusy(true);
    try {
      await change();
      return true;
    } catch (error) {
      console.error(error);
      if (id !== undefined && isGone(error)) await reloadWithout(id);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** When the last send of a card to be saved got no answer (it may have saved it), else null. */
  const unansweredAt = useRef<number | null>(null);
  /**
   * Saves the token the card provider returned; answers null once saved, else why not (the API client
   * says it too), for the form to show where the user is. An empty token says 'something went wrong'
   * (spec section 8).
   */
  const add = async (token: string | null | undefined): Promise<string | null> => {
    if (!token) {
      bus.emit({ type: 'toast/show', kind: 'error', message: EMPTY_TOKEN });
      return EMPTY_TOKEN;
    }
    setBusy(true);
    try {
      const { data: added } = await addPaymentMethod(token);
      unansweredAt.current = null;
      await showAfterChange([...cards.filter((c) => c.id !== added.id), added]);
      return null;
    } catch (error) {
      const sentBefore = unansweredAt.current;
      unansweredAt.current = isRetryableFailure(error) ? Date.now() : null;
      // Save pressed again after no answer, and refused as saved already: the first send saved it.
      if (isSavedAlready(error) && sentBefore !== null && Date.now() - sentBefore < SAVED_BY_UNANSWERED_MS) {
        bus.emit({ type: 'alert/show', alert: { type: 'success', message: CARD_ADDED } });
        await showAfterChange(cards);
        return null;
      }
      console.error(error);
      return messageOf(error);
    } finally {
      setBusy(false);
    }
  };

  /**
   * Deletes a card (after the user confirmed it) and reloads the list. Rejects with the API's error
   * when the delete is refused, for the confirmation to show; once deleted, a failed reload only drops
   * the card from the list shown.
   */
  const remove = async (id: number): Promise<void> => {
    setBusy(true);
    try {
      // Silent: a refusal is said in the confirmation dialog, not a second time as a global alert.
      const { message } = await deletePaymentMethod(id, { silent: true }).catch(async (error: unknown) => {
        // Already deleted (in another tab or device): the dialog says so and the card goes from the list.
        if (isGone(error)) await reloadWithout(id);
        throw error;
      });
      if (message) bus.emit({ type: 'alert/show', alert: { type: 'success', message } });
      await reloadWithout(id);
    } finally {
      setBusy(false);
    }
  };

  const makeDefault = (id: number) =>
    mutate(async () => {
      const { data } = await makeDefaultPaymentMethod(id);
      if (Array.isArray(data)) store(data);
      else await showAfterChange(cards.map((c) => ({ ...c, is_default: c.id === id })));
    }, id);

  return { cards, status, loadError, busy, reload, add, remove, makeDefault };
}

/** What usePaymentMethods() hands a screen: the cards, their load status and the card actions. */
export type PaymentMethods = ReturnType<typeof usePaymentMethods>;
