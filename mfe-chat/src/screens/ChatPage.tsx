import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ErrorState, Loader, PageTitle, type Message, useSessionUser } from 'shared';
import { ContactList, type FromContacts } from '../components/ContactList';
import { ConversationPane, PaneHeader } from '../components/ConversationPane';
import { OtherChatsAnnouncer } from '../components/OtherChatsAnnouncer';
import { useChats } from '../hooks/useChats';
import { useReadWhenSeen } from '../hooks/useReadWhenSeen';
import { useSelectedChat } from '../hooks/useSelectedChat';
import { chatTargetOf } from '../lib/chatTarget';
import { buildContacts } from '../lib/contacts';
import '../chat.css';

/**
 * Chat (/chatview/:username?): contacts on the left, the open conversation on the right (spec
 * sections 2, 4, 6). The optional parameter is the other person's user id; `?chat={id}` opens a
 * conversation by its chat id. On a phone the two panes switch, with a back control.
 */
export default function ChatPage() {
  const { username } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const me = useSessionUser();
  const role = me?.role;
  const target = useMemo(() => chatTargetOf(username, searchParams.get('chat')), [username, searchParams]);

  const chats = useChats();
  const { state, upsert, markRead, setOpenChatId } = chats;
  const selection = useSelectedChat(target, state, me, upsert);
  const openChatId = selection.status === 'open' ? selection.chatId : null;
  setOpenChatId(openChatId);
  const selectedChat =
    openChatId !== null && state.status === 'ready' ? (state.chats.find((c) => c.id === openChatId) ?? null) : null;

  // Opening a conversation marks it read; so does a message arriving in it while it is open (each once seen).
  const { readWhenSeen, setNewestInView } = useReadWhenSeen(openChatId, markRead);
  useEffect(() => {
    if (openChatId !== null) readWhenSeen(openChatId);
  }, [openChatId, readWhenSeen]);
  // The user's own message arrives too (sent from another tab): nothing new to mark read.
  const onIncoming = useCallback(
    (message: Message) => {
      if (message.from_id !== me?.id) readWhenSeen(message.chat_id);
    },
    [readWhenSeen, me?.id],
  );

  const contacts = useMemo(
    () => (state.status === 'ready' ? buildContacts(state.chats, role, openChatId) : []),
    [state, role, openChatId],
  );
  // Back to contacts: to the list's own history entry when the conversation was opened from it (the
  // browser's Back then does not return into the conversation); else the list takes the conversation's place.
  const location = useLocation();
  const openedFromContacts =
    location.key !== 'default' && (location.state as Partial<FromContacts> | null)?.fromContacts === true;
  const back = useCallback(
    () => (openedFromContacts ? navigate(-1) : navigate('/chatview', { replace: true })),
    [navigate, openedFromContacts],
  );

  const conversationShown = target.kind !== 'none';
  const contactsPane = useRef<HTMLElement>(null);
  const conversationPane = useRef<HTMLElement>(null);
  const shownBefore = useRef(conversationShown);
  /** The conversation open last, whose contact gets focus back when the contacts are shown again. */
  const lastOpenChatId = useRef<number | null>(null);
  // On a phone the panes switch: the pane that had focus is hidden or gone, and the browser would drop
  // focus to <body>. Choosing a contact moves it to the conversation's heading; going back, to that contact.
  useLayoutEffect(() => {
    const before = shownBefore.current;
    shownBefore.current = conversationShown;
    if (openChatId !== null) lastOpenChatId.current = openChatId;
    const active = document.activeElement;
    const dropped = !active || active === document.body;
    if (conversationShown && !before) {
      const contacts = contactsPane.current;
      const contactsHidden = contacts !== null && contacts.getClientRects().length === 0;
      if (contactsHidden && (dropped || contacts.contains(active)))
        conversationPane.current?.querySelector<HTMLElement>('h2')?.focus();
    } else if (!conversationShown && before && (dropped || conversationPane.current?.contains(active))) {
      const id = lastOpenChatId.current;
      if (id !== null) contactsPane.current?.querySelector<HTMLElement>(`a[data-chat-id="${id}"]`)?.focus();
    }
  }, [conversationShown, openChatId]);

  let pane;
  if (selectedChat) {
    pane = (
      <ConversationPane
        key={selectedChat.id}
        chat={selectedChat}
        myId={me?.id}
        role={role}
        onBack={back}
        onIncoming={onIncoming}
        onSent={chats.noteMessage}
        onNewestInView={setNewestInView}
      />
    );
  } else if (selection.status === 'error') {
    pane = (
      <>
        <PaneHeader title="Conversation unavailable" onBack={back} />
        <div className="chat-pane-message" role="alert">
          {selection.message}
        </div>
        {selection.retry ? (
          <button type="button" className="ui-button ui-button--primary chat-pane-retry" onClick={selection.retry}>
            Retry
          </button>
        ) : null}
      </>
    );
  } else if (conversationShown && state.status === 'error') {
    // Which conversation the address names is found in the contacts: with them not loaded, it cannot open.
    pane = (
      <>
        <PaneHeader title="Conversation unavailable" onBack={back} />
        {/* On a phone the contacts, and their own message with Retry, are hidden behind this pane. */}
        <div className="chat-pane-narrow-only">
          <ErrorState message="Your chats could not be loaded." detail={state.message} onRetry={chats.reload} />
        </div>
        <p className="chat-prompt chat-pane-wide-only">This conversation opens once your chats are loaded.</p>
      </>
    );
  } else if (conversationShown && (selection.status === 'opening' || state.status === 'loading')) {
    pane = (
      <>
        <PaneHeader title="Opening the conversation" onBack={back} />
        <Loader label="Opening the conversation…" />
      </>
    );
  } else {
    pane = <p className="chat-prompt">Choose a contact to start chatting.</p>;
  }

  return (
    <div className={`chat-page${conversationShown ? ' chat-page--conversation' : ''}`}>
      <PageTitle>Chat</PageTitle>
      <OtherChatsAnnouncer openChatId={openChatId} />
      <div className="chat-layout">
        <ContactList
          ref={contactsPane}
          state={state}
          contacts={contacts}
          role={role}
          selectedChatId={openChatId}
          onRetry={chats.reload}
          refreshError={chats.refreshError}
          onRefresh={chats.refresh}
        />
        <section className="chat-conversation" aria-label="Conversation" ref={conversationPane}>
          {pane}
        </section>
      </div>
    </div>
  );
}
