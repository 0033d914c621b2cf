import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  bus,
  fetchMessages,
  isRetryableFailure,
  failureText,
  onCatchUp,
  sendMessage,
  type Chat,
  type Message,
  type MessageType,
} from 'shared';
import { appendOlderPage, prependMessage } from '../lib/messageList';
import {
  announceConfirmed,
  conversationKey,
  deliverInTurn,
  isInOutbox,
  NO_OUTGOING,
  onConfirmed,
  outboxOf,
  subscribeOutboxes,
  updateOutbox,
  type ConversationKey,
} from '../lib/conversationMemory';
import { lastShownMessages, rememberShownMessages } from '../lib/lastShown';
import { failureMessageOf, newOutgoing, type OutgoingMessage } from '../lib/outgoing';

/** Messages per page of the API. */
export const PAGE_SIZE = 30;

export type ConversationState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      /** Store order: newest first. */
      messages: Message[];
      page: number;
      hasMore: boolean;
      loadingOlder: boolean;
      olderError: string | null;
    };

export interface Draft {
  message: string;
  message_type: MessageType;
  file: File | null;
}

export interface ConversationCallbacks {
  /** A message of this conversation arrived live (the screen marks the chat read). */
  onIncoming(message: Message): void;
  /** The API confirmed a message sent from here (the contact list moves it to the top). */
  onSent(message: Message): void;
}

/**
 * The open conversation: its messages paged from the API (older pages on demand), live messages of
 * this chat from the bus, and messages sent from here shown at once as sending, then sent one after
 * another in the order they were sent, and confirmed or failed with the server's reason and a retry.
 * Those live in the conversation's outbox (lib/conversationMemory.ts), so they outlast the pane: a
 * failure after the user moved on is there when they come back.
 */
export function useConversation(chat: Chat | null, myId: number | undefined, callbacks: ConversationCallbacks) {
  const chatId = chat?.id ?? null;
  const [state, setState] = useState<ConversationState>({ status: 'loading' });
  const key = chatId === null ? null : conversationKey(myId, chatId);
  const outgoing = useSyncExternalStore(subscribeOutboxes, () => (key === null ? NO_OUTGOING : outboxOf(key)));
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  const chatRef = useRef(chat);
  chatRef.current = chat;
  const stateRef = useRef(state);
  stateRef.current = state;
  /**
   * Messages the server has that are still held here as unsent (their answer was lost, or failed after the
   * server stored them): the copies go, matched by the key each was sent with, so Edit cannot send one twice.
   */
  const dropCopiesOfStored = useCallback(
    (messages: readonly Message[]) => {
      if (key === null) return;
      const stored = new Set(messages.flatMap((m) => (m.client_key ? [m.client_key] : [])));
      if (outboxOf(key).some((o) => stored.has(o.sendKey)))
        updateOutbox(key, (list) => list.filter((o) => !stored.has(o.sendKey)));
    },
    [key],
  );
  /** Why the last catch-up (or load of a conversation shown before) failed (the messages shown stay); cleared by the next one that works. */
  const [refreshError, setRefreshError] = useState<string | null>(null);
  /** Messages that arrived live or were sent from here while the first page was loading: they join it. */
  const arrivedWhileLoading = useRef<Message[]>([]);
  /** Whether the newest page is being loaded (also while what was shown before stands in for it). */
  const firstPagePending = useRef(false);
  /** The conversation the state is of: for one render after another chat is chosen, it is still the last one's. */
  const stateKey = useRef<ConversationKey | null>(null);

  /** A live or just-sent message of this conversation: shown, and kept for the page still loading. */
  const takeIn = useCallback((message: Message) => {
    if (firstPagePending.current || stateRef.current.status !== 'ready') arrivedWhileLoading.current.push(message);
    if (stateRef.current.status !== 'ready') return;
    setState((s) => (s.status === 'ready' ? { ...s, messages: prependMessage(s.messages, message) } : s));
  }, []);

  /**
   * Loads the newest page. A conversation shown before in this page is shown at once as it was, the page
   * replacing it when it comes; if it cannot be had, what was shown stays, said not refreshed.
   */
  const loadFirst = useCallback(async () => {
    if (chatId === null) return;
    arrivedWhileLoading.current = [];
    firstPagePending.current = true;
    setRefreshError(null);
    const shownBefore = lastShownMessages(key);
    stateKey.current = key;
    stateRef.current = shownBefore
      ? { status: 'ready', ...shownBefore, loadingOlder: false, olderError: null }
      : { status: 'loading' };
    setState(stateRef.current);
    try {
      const response = await fetchMessages(chatId, { page: 1, per_page: PAGE_SIZE }, { silent: true });
      if (chatRef.current?.id !== chatId) return;
      const page = response.data?.messages ?? [];
      dropCopiesOfStored(page);
      // Messages that arrived live or were sent while the page was loading join it (once, if it has them too).
      const messages = arrivedWhileLoading.current.reduce(prependMessage, page);
      arrivedWhileLoading.current = [];
      firstPagePending.current = false;
      const hasMore = response.meta?.has_more ?? page.length >= PAGE_SIZE;
      const current = stateRef.current;
      // Shown before with older pages (or one being loaded): they stay behind the newest page. Messages are
      // only ever added, so the next older page may repeat a few of them (not shown twice), never skip one.
      stateRef.current =
        current.status === 'ready' && (current.page > 1 || current.loadingOlder)
          ? { ...current, messages: appendOlderPage(messages, current.messages) }
          : { status: 'ready', messages, page: 1, hasMore, loadingOlder: false, olderError: null };
      setState(stateRef.current);
    } catch (error) {
      console.error(error);
      if (chatRef.current?.id !== chatId) return;
      firstPagePending.current = false;
      arrivedWhileLoading.current = [];
      if (shownBefore) setRefreshError(failureMessageOf(error));
      else setState({ status: 'error', message: failureText(error) });
    }
  }, [chatId, key, dropCopiesOfStored]);
  useEffect(() => {
    if (state.status === 'ready' && stateKey.current === key)
      rememberShownMessages(key, { messages: state.messages, page: state.page, hasMore: state.hasMore });
  }, [state, key]);

  useEffect(() => {
    void loadFirst();
  }, [loadFirst]);

  const loadOlder = useCallback(async () => {
    const current = stateRef.current;
    if (chatId === null || current.status !== 'ready' || !current.hasMore || current.loadingOlder) return;
    const page = current.page + 1;
    setState({ ...current, loadingOlder: true, olderError: null });
    stateRef.current = { ...current, loadingOlder: true };
    try {
      const response = await fetchMessages(chatId, { page, per_page: PAGE_SIZE }, { silent: true });
      if (chatRef.current?.id !== chatId) return;
      const older = response.data?.messages ?? [];
      setState((s) =>
        s.status === 'ready'
          ? {
              ...s,
              messages: appendOlderPage(s.messages, older),
              page,
              hasMore: response.meta?.has_more ?? older.length >= PAGE_SIZE,
              loadingOlder: false,
            }
          : s,
      );
    } catch (error) {
      console.error(error);
      setState((s) => (s.status === 'ready' ? { ...s, loadingOlder: false, olderError: failureMessageOf(error) } : s));
    }
  }, [chatId]);

  // Live messages of this conversation (spec section 4: prepended to the list).
  useEffect(() => {
    if (chatId === null) return undefined;
    const subscription = bus.on('realtime/message').subscribe(({ message }) => {
      if (message.chat_id !== chatId) return;
      takeIn(message);
      callbacksRef.current.onIncoming(message);
    });
    return () => subscription.unsubscribe();
  }, [chatId, takeIn]);

  // The realtime channel (re)subscribed: messages published while it was connecting were missed. The
  // newest page has them; the ones not shown yet join the list (and the chat is marked read, as live).
  /** The newest page as the server has it now: held copies of what it stored go, what is not shown joins. */
  const takeInNewestPage = useCallback(
    (page: readonly Message[]) => {
      const current = stateRef.current;
      if (current.status !== 'ready') return;
      dropCopiesOfStored(page);
      const known = new Set(current.messages.map((m) => m.id));
      const missed = page.filter((m) => !known.has(m.id));
      if (missed.length === 0) return;
      // Against the list as it is by now: a live message may have joined it since `current` was read.
      setState((s) => (s.status === 'ready' ? { ...s, messages: missed.reduceRight(prependMessage, s.messages) } : s));
      callbacksRef.current.onIncoming(missed[0]);
    },
    [dropCopiesOfStored],
  );
  const catchUp = useCallback(() => {
    if (chatId === null) return;
    fetchMessages(chatId, { page: 1, per_page: PAGE_SIZE }, { silent: true }).then(
      (response) => {
        if (chatRef.current?.id !== chatId || stateRef.current.status !== 'ready') return;
        setRefreshError(null);
        takeInNewestPage(response.data?.messages ?? []);
      },
      (error: unknown) => {
        console.error(error);
        if (chatRef.current?.id === chatId) setRefreshError(failureMessageOf(error));
      },
    );
  }, [chatId, takeInNewestPage]);
  useEffect(() => {
    const subscription = onCatchUp(catchUp);
    return () => subscription.unsubscribe();
  }, [catchUp]);

  /** Sends `item` of conversation `box` with `target`'s people, when its turn comes (see deliverInTurn). */
  const deliver = useCallback(async (item: OutgoingMessage, target: Chat, box: ConversationKey): Promise<boolean> => {
    // Forgotten while it waited its turn (signed out): it must not go, least of all with the next user's token.
    if (!isInOutbox(box, item.localId)) return false;
    try {
      const { data } = await sendMessage(
        {
          customer_id: target.customer_id,
          provider_id: target.provider_id,
          message_type: item.message_type,
          message: item.message,
          attachment: item.file,
        },
        { silent: true, headers: { 'Idempotency-Key': item.sendKey } },
      );
      updateOutbox(box, (list) => list.filter((o) => o.localId !== item.localId));
      announceConfirmed(box, data);
      callbacksRef.current.onSent(data);
      return true;
    } catch (error) {
      console.error(error);
      const reason = failureMessageOf(error);
      const retryable = isRetryableFailure(error);
      updateOutbox(box, (list) =>
        list.map((o) => (o.localId === item.localId ? { ...o, status: 'failed', error: reason, retryable } : o)),
      );
      return false;
    }
  }, []);
  // Messages sent from here that the API stored, also those sent from a pane of this conversation closed since.
  useEffect(() => (key === null ? undefined : onConfirmed(key, takeIn)), [key, takeIn]);

  /** Shows the message at once as sending, then sends it after those sent before it; answers whether the API took it. */
  const send = useCallback(
    (draft: Draft): Promise<boolean> => {
      const target = chatRef.current;
      if (!target || key === null) return Promise.resolve(false);
      const item = newOutgoing(target.id, draft);
      updateOutbox(key, (list) => [...list, item]);
      return deliverInTurn(key, () => deliver(item, target, key));
    },
    [key, deliver],
  );

  const retry = useCallback(
    (localId: string) => {
      const item = outgoing.find((o) => o.localId === localId);
      const target = chatRef.current;
      if (!item || item.status !== 'failed' || key === null || target?.id !== item.chatId) return;
      const again: OutgoingMessage = { ...item, status: 'sending', error: undefined };
      updateOutbox(key, (list) => list.map((o) => (o.localId === localId ? again : o)));
      void deliverInTurn(key, () => deliver(again, target, key));
    },
    [deliver, key, outgoing],
  );

  /**
   * Removes a failed message from the pane and answers it (its text and file go back to the composer). One
   * whose answer was lost (a failure sending again may mend) may be stored all the same: the server is
   * asked first, and a message it has is shown as sent instead, so that Edit never sends it twice.
   */
  const takeBack = useCallback(
    async (localId: string): Promise<OutgoingMessage | null> => {
      const item = outgoing.find((o) => o.localId === localId) ?? null;
      if (!item || key === null) return null;
      if (item.retryable !== false) {
        try {
          const response = await fetchMessages(item.chatId, { page: 1, per_page: PAGE_SIZE }, { silent: true });
          const page = response.data?.messages ?? [];
          if (page.some((m) => m.client_key === item.sendKey)) {
            if (chatRef.current?.id === item.chatId) takeInNewestPage(page);
            else dropCopiesOfStored(page);
            return null;
          }
        } catch (error) {
          // Not known (still offline): handed back, as the user asked.
          console.warn('chat: whether the message was stored could not be asked', error);
        }
      }
      // Sent again (Retry) or dropped meanwhile: nothing to hand back.
      if (!isInOutbox(key, localId)) return null;
      updateOutbox(key, (list) => list.filter((o) => o.localId !== localId));
      return item;
    },
    [dropCopiesOfStored, key, outgoing, takeInNewestPage],
  );

  return {
    state,
    outgoing,
    loadOlder,
    reload: loadFirst,
    refreshError,
    refresh: catchUp,
    send,
    retry,
    takeBack,
  };
}
