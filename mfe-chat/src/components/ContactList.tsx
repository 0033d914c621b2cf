import { useId, useMemo, useState, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, ErrorState, Loader, type Role } from 'shared';
import { formatDateShort } from 'shared/src/format';
import { filterContacts, type Contact } from '../lib/contacts';
import type { ChatsState } from '../hooks/useChats';

export interface ContactListProps {
  state: ChatsState;
  contacts: Contact[];
  role: Role | undefined;
  selectedChatId: number | null;
  onRetry: () => void;
  /** Why the list shown could not be fetched again, with its Retry. */
  refreshError?: string | null;
  onRefresh?: () => void;
  ref?: Ref<HTMLElement>;
}

/** The accessible name of a contact: the person, and how many of their messages are unread. */
export const contactLabel = (c: Contact): string =>
  c.unread > 0 ? `${c.person.full_name}, ${c.unread} unread` : c.person.full_name;

/**
 * One contact: a row showing the avatar, name, time, last message and unread count. Only the name is a
 * link, named by contactLabel; its ::after covers the row, so the whole row is clickable. The time,
 * preview and count are plain text of the list item: a link named by an aria-label must contain its
 * visible text (WCAG 2.5.3 Label in Name), which a link around the whole row could not.
 */
/** The state of a conversation opened from the contact list: its Back to contacts goes back to that entry. */
export interface FromContacts {
  fromContacts: true;
}

function ContactItem({ contact, selected }: { contact: Contact; selected: boolean }) {
  return (
    <li
      className={`chat-contact${selected ? ' chat-contact--selected' : ''}${contact.unread > 0 ? ' chat-contact--unread' : ''}`}
    >
      <Avatar src={contact.person.avatar} name={contact.person.full_name} size={44} />
      <span className="chat-contact__body">
        <span className="chat-contact__top">
          <Link
            to={`/chatview/${contact.person.id}`}
            state={{ fromContacts: true } satisfies FromContacts}
            className="chat-contact__name chat-contact__link"
            aria-label={contactLabel(contact)}
            aria-current={selected ? 'true' : undefined}
            data-chat-id={contact.chatId}
          >
            {contact.person.full_name}
          </Link>
          {contact.time ? (
            <time className="chat-contact__time" dateTime={contact.time}>
              {formatDateShort(contact.time)}
            </time>
          ) : null}
        </span>
        <span className="chat-contact__bottom">
          <span className="chat-contact__preview">{contact.preview || 'No messages yet'}</span>
          {contact.unread > 0 ? (
            <span className="chat-unread" aria-hidden="true">
              {contact.unread}
            </span>
          ) : null}
        </span>
      </span>
    </li>
  );
}

/** Left pane: the contacts (newest conversation first), with a search box and empty states. */
export function ContactList({ state, contacts, role, selectedChatId, onRetry, refreshError, onRefresh, ref }: ContactListProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = useMemo(() => filterContacts(contacts, query), [contacts, query]);

  let body;
  if (state.status === 'loading') body = <Loader label="Loading chats…" />;
  else if (state.status === 'error')
    body = <ErrorState message="Your chats could not be loaded." detail={state.message} onRetry={onRetry} />;
  else if (contacts.length === 0) {
    body =
      role === 'Provider' ? (
        <div className="chat-empty">
          <p>No conversations yet.</p>
          <p>Customers who write to you appear here.</p>
          <p>
            To write first, open a booking in <Link to="/activebooking">Active Bookings</Link> and press Chat.
          </p>
        </div>
      ) : (
        <div className="chat-empty">
          <p>No conversations yet.</p>
          <p>
            <Link to="/service">Find a provider</Link> and start a chat from their profile.
          </p>
        </div>
      );
  } else if (shown.length === 0) body = <p className="chat-empty">No contact matches “{query.trim()}”.</p>;
  else {
    body = (
      <ul className="chat-contact-list">
        {shown.map((c) => (
          <ContactItem key={c.chatId} contact={c} selected={c.chatId === selectedChatId} />
        ))}
      </ul>
    );
  }

  return (
    <section className="chat-contacts" aria-label="Contacts" ref={ref}>
      <div className="chat-contacts__search">
        <label htmlFor={searchId} className="chat-search__label">
          Search contacts
        </label>
        <input
          id={searchId}
          type="search"
          className="chat-search"
          placeholder="Type a name"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {state.status === 'ready' && refreshError ? (
        <div className="chat-contacts__refresh">
          <ErrorState message="Your chats could not be refreshed." detail={refreshError} onRetry={onRefresh} />
        </div>
      ) : null}
      {body}
    </section>
  );
}
