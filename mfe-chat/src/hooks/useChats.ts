import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { bus, fetchChats, failureText, markChatRead, type Chat, type Message, onCatchUp, useSessionUser } from 'shared';
import { applyMessage, markReadLocally, sortChats, totalUnread, upsertChat } from '../lib/chatList';
import { lastShownChats, rememberShownChats } from '../lib/lastShown';
import { MessageLedger } from '../lib/messageLedger';

export type ChatsState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; chats: Chat[] };

/**
 * The signed-in user's chats, newest conversation first, kept live: a `realtime/message` on the bus
 * moves its chat to the top and counts it unread unless its conversation is open (`setOpenChatId`);
 * a `chat/read` (read in another tab) shows that chat read. Each message counts once, in whatever order
 * its events come and whenever the list is reloaded (MessageLedger).
 * Announces the unread total on the bus (`chat/unreadChanged`) for the sidebar.
 * Opened again in this page, it shows the list it last showed at once and reads it again quietly
 * (lib/lastShown): a failure then leaves that list, saying it could not be refreshed.
 */
export function useChats() {
  const myId = useSessionUser()?.id;
  const [remembered] = useState(() => lastShownChats(myId));
  const [state, setState] = useState<ChatsState>(() =>
    remembered ? { status: 'ready', chats: remembered } : { status: 'loading' },
  );
  /** Whether the API has answered the list here: until then a remembered list's unread total is not told. */
  const [answered, setAnswered] = useState(false);
  /** The list as shown, for the handlers of live events (also set at once by a load, before React renders it). */
  const chatsRef = useRef<Chat[] | null>(null);
  const openRef = useRef<number | null>(null);
  const myIdRef = useRef(myId);
  useLayoutEffect(() => {
    chatsRef.current = state.status === 'ready' ? state.chats : null;
    myIdRef.current = myId;
  }, [state, myId]);
  const [ledger] = useState(() => new MessageLedger());
  /** Why the last quiet reload failed, while the list shown stays (cleared by the next one that works). */
  const [refreshError, setRefreshError] = useState<string | null>(null);
  /** The conversation on screen: its incoming messages are not counted unread. */
  const setOpenChatId = useCallback((id: number | null) => {
    openRef.current = id;
  }, []);

  /**
   * When each chat was last read (here or in another tab), on one counter with the lists asked for: a list
   * asked before a chat was read answers it unread still, and is laid over with the read.
   */
  const ticks = useRef(0);
  const readAt = useRef(new Map<number, number>());
  const noteRead = useCallback((chatId: number) => {
    readAt.current.set(chatId, ++ticks.current);
  }, []);

  /** Chats a list was read again for, because a message of theirs came while it was asked for and it lacked them. */
  const readAgainFor = useRef(new Set<number>());
  /** Fetches the list; `quietly`, a failure leaves a list shown in place and says so (refreshError). */
  const fetchList = useCallback(
    (quietly: boolean): Promise<void> => {
      const read = (quiet: boolean): Promise<void> => {
        const askedAt = ++ticks.current;
        return fetchChats({ silent: true }).then(
          ({ data }) => {
            let chats = sortChats(Array.isArray(data) ? data : []);
            // Chats read since this list was asked for: read, whatever it says (it was read before).
            readAt.current.forEach((at, chatId) => {
              if (at > askedAt) chats = markReadLocally(chats, chatId);
            });
            const unknownChats = new Set<number>();
            // Messages that arrived while the list was asked for, and which its answer does not have yet.
            for (const message of ledger.answeredList(chats)) {
              const applied = applyMessage(chats, message, { myId: myIdRef.current, openChatId: openRef.current });
              if (applied) chats = applied;
              else if (!readAgainFor.current.has(message.chat_id)) unknownChats.add(message.chat_id);
            }
            // Messages from here on apply to this list, before React renders it.
            chatsRef.current = chats;
            setAnswered(true);
            setRefreshError(null);
            setState({ status: 'ready', chats });
            // A chat begun with its message while the list was read: read again (once per chat, not for ever).
            if (unknownChats.size === 0) return undefined;
            unknownChats.forEach((chatId) => readAgainFor.current.add(chatId));
            return read(true);
          },
          (error: unknown) => {
            console.error(error);
            const message = failureText(error);
            // A list already shown stays when a background reload fails, and says it could not be refreshed.
            if (quiet && chatsRef.current) setRefreshError(message);
            else setState({ status: 'error', message });
          },
        );
      };
      return read(quietly);
    },
    [ledger],
  );

  /** Loads the list again with the loader (Retry after it could not be loaded). */
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    void fetchList(false);
  }, [fetchList]);
  /** Fetches the list again without a loader, the list shown staying (a message of an unknown chat, a reconnection, Retry). */
  const refresh = useCallback(() => void fetchList(true), [fetchList]);

  useEffect(() => {
    void fetchList(remembered !== null);
  }, [fetchList, remembered]);
  useEffect(() => {
    if (state.status === 'ready') rememberShownChats(myId, state.chats);
  }, [state, myId]);

  /** A message arrived or was sent from here. */
  const noteMessage = useCallback(
    (message: Message) => {
      if (ledger.knows(message)) return;
      // Noted even while the list loads: its answer may not have it yet (see MessageLedger.answeredList).
      ledger.note(message);
      const chats = chatsRef.current;
      if (!chats) return;
      if (!chats.some((c) => c.id === message.chat_id)) return refresh();
      const context = { myId: myIdRef.current, openChatId: openRef.current };
      // On the state as it is by then: another message or a read may be applied before React renders.
      setState((current) =>
        current.status === 'ready'
          ? { status: 'ready', chats: applyMessage(current.chats, message, context) ?? current.chats }
          : current,
      );
    },
    [refresh, ledger],
  );

  useEffect(() => {
    const subscription = bus.on('realtime/message').subscribe(({ message }) => noteMessage(message));
    // The channel (re)subscribed: messages published while it was connecting were missed; reload quietly.
    const resubscribed = onCatchUp(refresh);
    // The user read a chat in another tab or device: it is read here too.
    const readElsewhere = bus.on('chat/read').subscribe(({ chatId }) => {
      noteRead(chatId);
      setState((current) =>
        current.status === 'ready' ? { status: 'ready', chats: markReadLocally(current.chats, chatId) } : current,
      );
    });
    return () => {
      subscription.unsubscribe();
      resubscribed.unsubscribe();
      readElsewhere.unsubscribe();
    };
  }, [noteMessage, noteRead, refresh]);

  const upsert = useCallback(
    (chat: Chat) => {
      ledger.answeredChat(chat);
      setState((current) => ({ status: 'ready', chats: upsertChat(current.status === 'ready' ? current.chats : [], chat) }));
    },
    [ledger],
  );

  /** Marks a chat read here at once and at the API; the API's answer is the new unread total. */
  const markRead = useCallback(
    async (chatId: number) => {
      noteRead(chatId);
      setState((current) =>
        current.status === 'ready' ? { status: 'ready', chats: markReadLocally(current.chats, chatId) } : current,
      );
      try {
        const { data } = await markChatRead(chatId, { silent: true });
        if (typeof data?.unread_total === 'number') bus.emit({ type: 'chat/unreadChanged', total: data.unread_total });
      } catch (error) {
        console.error(error);
      }
    },
    [noteRead],
  );

  const total = useMemo(() => (state.status === 'ready' ? totalUnread(state.chats) : null), [state]);
  useEffect(() => {
    // A remembered list may be behind the sidebar's count (messages came while Chat was closed).
    if (total !== null && answered) bus.emit({ type: 'chat/unreadChanged', total });
  }, [total, answered]);

  return { state, reload, refresh, refreshError, upsert, markRead, noteMessage, setOpenChatId };
}
