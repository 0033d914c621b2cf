import { useCallback, useMemo, useRef, useState } from 'react';
import { Avatar, ErrorState, Loader, type Chat, type Message, type Role } from 'shared';
import { useAssignJob } from '../hooks/useAssignJob';
import { useConversation } from '../hooks/useConversation';
import { counterpartOf } from '../lib/contacts';
import { conversationKey } from '../lib/conversationMemory';
import { readingOrder, withOutgoing } from '../lib/messageList';
import type { OutgoingMessage } from '../lib/outgoing';
import { Composer, type ComposerProps } from './Composer';
import { viewOfMessage, type MessageView } from './MessageItem';
import { MessagesView } from './MessagesView';

/** Said over the messages when the catch-up after a reconnection failed (those shown stay). */
export const messagesNotRefreshed = (reason: string) => `New messages could not be fetched: ${reason}`;

export interface ConversationPaneProps {
  chat: Chat;
  myId: number | undefined;
  role: Role | undefined;
  onBack: () => void;
  onIncoming: (message: Message) => void;
  onSent: (message: Message) => void;
  /** Told when the reader reaches the newest message or scrolls up from it. */
  onNewestInView: (inView: boolean) => void;
}

function viewOfOutgoing(o: OutgoingMessage): MessageView {
  return {
    key: o.localId,
    mine: true,
    message: o.message,
    message_type: o.message_type,
    fileUrl: null,
    fileName: o.file?.name ?? null,
    fileSize: o.file?.size ?? null,
    createdAt: o.createdAt,
    status: o.status,
    error: o.error,
    retryable: o.retryable,
  };
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className="chat-back" aria-label="Back to contacts" onClick={onBack}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

/** A pane header without a conversation (opening one, or a link that leads nowhere), with the back control. */
export function PaneHeader({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <header className="chat-conversation__header">
      <BackButton onBack={onBack} />
      <h2 className="chat-conversation__name" tabIndex={-1}>
        {title}
      </h2>
    </header>
  );
}

/** Right pane: the other person, the messages (reading order, kept at the newest), Assign Job and the composer. */
export function ConversationPane({ chat, myId, role, onBack, onIncoming, onSent, onNewestInView }: ConversationPaneProps) {
  const other = counterpartOf(chat, role);
  const conversation = useConversation(chat, myId, { onIncoming, onSent });
  const assignJob = useAssignJob(role === 'Customer' ? chat.provider_id : null);
  const [restore, setRestore] = useState<ComposerProps['restore']>(null);
  const { state, outgoing, takeBack, retry } = conversation;

  const items = useMemo<MessageView[]>(() => {
    const confirmed = state.status === 'ready' ? readingOrder(state.messages).map((m) => viewOfMessage(m, myId)) : [];
    return withOutgoing(confirmed, outgoing.map(viewOfOutgoing));
  }, [state, outgoing, myId]);

  // Retry goes with the failure it answered: the focus goes on to the message box, not to the page.
  const [composerFocus, setComposerFocus] = useState(0);
  const assignButton = useRef<HTMLButtonElement>(null);
  const onRetry = useCallback(
    (key: string) => {
      retry(key);
      setComposerFocus((n) => n + 1);
    },
    [retry],
  );

  const onEdit = useCallback(
    (key: string) => {
      void takeBack(key).then((item) => {
        if (item) setRestore({ text: item.message, file: item.file, key: Date.now() });
      });
    },
    [takeBack],
  );

  return (
    <>
      <header className="chat-conversation__header">
        <BackButton onBack={onBack} />
        <Avatar src={other.avatar} name={other.full_name} size={44} />
        <h2 className="chat-conversation__name" tabIndex={-1}>
          {other.full_name}
        </h2>
        {role === 'Customer' ? (
          <div className="chat-conversation__actions">
            {/* aria-disabled, not disabled, while busy: a disabled button drops focus, and the booking
                modal opened meanwhile would give it back to <body> on close instead of here. */}
            <button
              ref={assignButton}
              type="button"
              className="ui-button ui-button--primary chat-assign"
              onClick={() => void assignJob.assign()}
              aria-disabled={assignJob.busy || undefined}
            >
              Assign Job
            </button>
          </div>
        ) : null}
      </header>
      {assignJob.notice ? (
        <div className="chat-notice" role="alert">
          <span>{assignJob.notice}</span>
          <button
            type="button"
            className="chat-icon-button"
            aria-label="Dismiss"
            onClick={() => {
              // The notice goes with this button: the focus goes back to Assign Job, which the notice was about.
              assignButton.current?.focus();
              assignJob.dismiss();
            }}
          >
            ×
          </button>
        </div>
      ) : null}
      {state.status === 'ready' && conversation.refreshError ? (
        <div className="chat-notice" role="alert">
          <span>{messagesNotRefreshed(conversation.refreshError)}</span>
          <button
            type="button"
            className="chat-link-button"
            onClick={() => {
              // Retry goes with the failure once the messages are in: the focus goes on to the message box.
              setComposerFocus((n) => n + 1);
              conversation.refresh();
            }}
          >
            Retry
          </button>
        </div>
      ) : null}
      {state.status === 'loading' ? (
        <div className="chat-messages">
          <Loader label="Loading messages…" />
        </div>
      ) : state.status === 'error' ? (
        <div className="chat-messages">
          <ErrorState
            message="The messages could not be loaded."
            detail={state.message}
            onRetry={() => void conversation.reload()}
          />
        </div>
      ) : (
        <MessagesView
          items={items}
          otherName={other.full_name}
          hasMore={state.hasMore}
          loadingOlder={state.loadingOlder}
          olderError={state.olderError}
          onLoadOlder={() => void conversation.loadOlder()}
          onRetry={onRetry}
          onEdit={onEdit}
          onNewestInView={onNewestInView}
        />
      )}
      <Composer
        onSend={conversation.send}
        restore={restore}
        draftKey={conversationKey(myId, chat.id)}
        focusRequest={composerFocus}
      />
    </>
  );
}
