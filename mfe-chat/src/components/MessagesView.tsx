import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { Loader } from 'shared';
import { focusIsLost } from 'shared/src/ui/focus';
import { MessageItem, type MessageView } from './MessageItem';

export interface MessagesViewProps {
  /** Reading order: oldest first, messages on their way last. */
  items: MessageView[];
  otherName: string;
  hasMore: boolean;
  loadingOlder: boolean;
  olderError: string | null;
  onLoadOlder: () => void;
  onRetry: (key: string) => void;
  onEdit: (key: string) => void;
  /** Told when the reader reaches the bottom (the newest message is in view) or scrolls up from it. */
  onNewestInView?: (inView: boolean) => void;
}

/** How close to an edge (px) counts as being at it. */
const EDGE = 80;

/** The box's outer size: it changes whenever the ResizeObserver will report a change. */
const sizeOf = (el: HTMLElement) => `${el.offsetWidth}x${el.offsetHeight}`;

function newestConfirmedOf(items: MessageView[]): MessageView | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (items[i].status === 'sent') return items[i];
  return undefined;
}

/**
 * The scrolling message list, kept at the newest: it opens at the bottom, follows new messages while
 * the reader is at the bottom (always for one they send from here), and so does the newest message
 * growing in place (their own failing shows the reason, Retry and Edit below it) or a picture in it
 * loading. It loads older pages when scrolled to the top and keeps the reader's place while they are
 * added above. A message from the other person that arrives while the reader is scrolled up keeps their
 * place and shows a "New messages" button over the bottom of the list (announced politely), which takes
 * them to the newest; it goes away once the list is at the bottom. Their own message sent from another
 * tab or device keeps the place too, with no button. Messages on their way or failed stay last, so the
 * newest confirmed message is what tells what arrived. A reader at the bottom stays there when the
 * list's box shrinks. Load older messages keeps the focus while its page comes; when the last page takes
 * it away, the focus goes to the oldest message instead of to the page.
 */
export function MessagesView({
  items,
  otherName,
  hasMore,
  loadingOlder,
  olderError,
  onLoadOlder,
  onRetry,
  onEdit,
  onNewestInView,
}: MessagesViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const setAtBottom = useCallback(
    (inView: boolean) => {
      if (atBottom.current === inView) return;
      atBottom.current = inView;
      onNewestInView?.(inView);
    },
    [onNewestInView],
  );
  /** Distance from the bottom to keep while an older page is added above. */
  const keepFromBottom = useRef<number | null>(null);
  /** The list's box size as last followed (null without a ResizeObserver). */
  const boxSize = useRef<string | null>(null);
  const first = items[0]?.key;
  /** The oldest message shown when the list first had any: those above it came with older pages. */
  const [oldestShownFirst, setOldestShownFirst] = useState(first);
  if (oldestShownFirst === undefined && first !== undefined) setOldestShownFirst(first);
  const olderPageItems = Math.max(
    0,
    items.findIndex((view) => view.key === oldestShownFirst),
  );
  const last = items[items.length - 1];
  const lastKey = last?.key;
  /** The last message is one the reader sent from here, on its way or failed (those stay last). */
  const lastFromHere = last !== undefined && last.status !== 'sent';
  const newestConfirmed = newestConfirmedOf(items);
  const confirmedKey = newestConfirmed?.key;
  const confirmedMine = newestConfirmed?.mine ?? false;
  /** What changes the newest message's height in place: sending, or failed with the reason, Retry and Edit below it. */
  const lastState = last ? `${last.status}:${last.error ?? ''}` : undefined;
  const previous = useRef<{ first?: string; last?: string; confirmed?: string; lastState?: string }>({});
  /** The newest confirmed message when the reader scrolled up from the bottom; null while they are at the bottom. */
  const [seenLast, setSeenLast] = useState<string | null | undefined>(null);
  const showNew = seenLast !== null && confirmedKey !== seenLast && !confirmedMine;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = previous.current;
    const lastChanged = lastKey !== before.last || lastState !== before.lastState;
    const arrived = confirmedKey !== before.confirmed;
    if (before.first !== undefined && first !== before.first && keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (before.last === undefined || ((lastChanged || arrived) && atBottom.current) || (lastChanged && lastFromHere)) {
      el.scrollTop = el.scrollHeight;
      setAtBottom(true);
    }
    previous.current = { first, last: lastKey, confirmed: confirmedKey, lastState };
  }, [first, lastKey, confirmedKey, lastFromHere, lastState, setAtBottom]);

  // The list's box can shrink after it was taken to the bottom (a notice bar appears below the page, a
  // phone's keyboard opens): a reader at the bottom stays there instead of losing the newest messages.
  const followNewSize = useCallback((el: HTMLDivElement) => {
    boxSize.current = sizeOf(el);
    if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    boxSize.current = sizeOf(el);
    const observer = new ResizeObserver(() => followNewSize(el));
    observer.observe(el);
    return () => observer.disconnect();
  }, [followNewSize]);

  const olderButton = useRef<HTMLButtonElement>(null);
  /** Load older messages had the focus when the page was asked for (pressed, or scrolled to while focused). */
  const olderAskedWithFocus = useRef(false);
  /** Focus moving to Load older messages scrolls it into view: that scroll is not the reader asking for more. */
  const scrollFromFocus = useRef(false);

  /**
   * `keepPlace`: the reader stays on the messages they were reading (scrolled up to the top, or clicked);
   * pressed with a key, the view stays at the top, so the focused button, or the oldest message once the
   * last page takes it away, stays in view.
   */
  const loadOlder = useCallback(
    (keepPlace: boolean) => {
      const el = scroller.current;
      keepFromBottom.current = el && keepPlace ? el.scrollHeight - el.scrollTop : null;
      olderAskedWithFocus.current = olderButton.current !== null && document.activeElement === olderButton.current;
      onLoadOlder();
    },
    [onLoadOlder],
  );

  // The last page takes the button away with the focus: it goes to the oldest message, not to the page.
  useLayoutEffect(() => {
    if (loadingOlder || !olderAskedWithFocus.current) return;
    olderAskedWithFocus.current = false;
    if (olderButton.current || !focusIsLost()) return;
    const oldest = scroller.current?.querySelector<HTMLElement>('.chat-message-list > li');
    if (oldest) oldest.tabIndex = -1;
    // The reader's place was kept above: the focus does not scroll it away.
    (oldest ?? scroller.current)?.focus({ preventScroll: true });
  }, [loadingOlder]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    // Scroll events are delivered a frame late: one the browser queued for its own reasons (clamping,
    // anchoring) can arrive after the box changed size and before the observer heard of it. Measured
    // against the new size, a reader at the bottom would look scrolled up and lose the newest messages.
    if (boxSize.current !== null && sizeOf(el) !== boxSize.current) {
      followNewSize(el);
      return;
    }
    const fromFocus = scrollFromFocus.current;
    scrollFromFocus.current = false;
    setAtBottom(el.scrollHeight - el.scrollTop - el.clientHeight < EDGE);
    if (atBottom.current) setSeenLast(null);
    else if (seenLast === null) setSeenLast(confirmedKey);
    if (el.scrollTop < EDGE && !fromFocus && hasMore && !loadingOlder && !olderError) loadOlder(true);
  };

  const onMediaLoad = () => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  };

  const toNewest = () => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    setAtBottom(true);
    setSeenLast(null);
    // The button goes away: focus goes on to the list rather than being dropped.
    el.focus({ preventScroll: true });
  };

  return (
    <div className="chat-messages-frame">
      <div
        className="chat-messages"
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={`Messages with ${otherName}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus so the keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
        tabIndex={0}
      >
        {hasMore ? (
          <div className="chat-messages__older">
            {/* Busy, not disabled, while the page comes: a disabled button would drop the focus to the page. */}
            <button
              ref={olderButton}
              type="button"
              className="chat-link-button"
              aria-disabled={loadingOlder || undefined}
              onFocus={() => (scrollFromFocus.current = true)}
              onBlur={() => (scrollFromFocus.current = false)}
              onClick={(event) => {
                // A click from Enter or Space has no pointer clicks to count (detail 0).
                if (!loadingOlder) loadOlder(event.detail !== 0);
              }}
            >
              Load older messages
            </button>
            {loadingOlder ? <Loader label="Loading older messages…" /> : null}
            {olderError ? <p className="ui-muted">{olderError}</p> : null}
          </div>
        ) : null}
        {items.length === 0 ? <p className="chat-empty">No messages yet. Say hello!</p> : null}
        <ol className="chat-message-list">
          {items.map((view, index) => (
            <MessageItem
              key={view.key}
              view={view}
              quiet={index < olderPageItems}
              otherName={otherName}
              onRetry={view.status === 'failed' && view.retryable !== false ? () => onRetry(view.key) : undefined}
              onEdit={view.status === 'failed' ? () => onEdit(view.key) : undefined}
              onMediaLoad={onMediaLoad}
            />
          ))}
        </ol>
      </div>
      <div className="chat-new" aria-live="polite">
        {showNew ? (
          <button type="button" className="ui-button ui-button--primary chat-new__button" onClick={toNewest}>
            New messages
          </button>
        ) : null}
      </div>
    </div>
  );
}
