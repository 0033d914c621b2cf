import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type Ref, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { MAIN_CONTENT_ID, useSession } from 'shared';
import type { LocationSharingSnapshot, SharingState } from 'shared/src/location';
// Pure texts and formatting, bundled here: the location module itself is loaded for a provider only.
import { formatClock } from 'shared/src/location/geo';
import {
  ASK_MESSAGE,
  DENIED_MESSAGE,
  LOCATING_LABEL,
  LOCATION_NOT_SENT_LABEL,
  LOCATION_OFF_LABEL,
  SERVICE_ERROR_MESSAGE,
  SHARE_LOCATION_LABEL,
  SHARING_ELSEWHERE_LABEL,
  SHARING_LABEL,
  SHARING_OTHER_DEVICE_DETAIL,
  SHARING_OTHER_DEVICE_LABEL,
  UNAVAILABLE_MESSAGE,
  UNSUPPORTED_MESSAGE,
} from 'shared/src/location/messages';
import { shareLocationNow, useProviderSharing } from '../session/providerLocationSharing';
import { useUnreadCount } from '../notifications/unreadCount';
import { useMediaQuery } from './useMediaQuery';

/** 'Provider Dashboard' for role Provider, 'User Dashboard' otherwise (spec section 1). */
export const dashboardTitle = (role: string | null | undefined): string =>
  role === 'Provider' ? 'Provider Dashboard' : 'User Dashboard';

type Tone = 'on' | 'wait' | 'off' | 'warn';

/**
 * The top bar's word for each sharing state (nothing while off). `elsewhere`: another tab or device
 * shares, drawn as a ring instead of a dot, so that a phone (the dot alone) tells it from this one sharing.
 */
export function sharingIndicator(state: SharingState): { label: string; tone: Tone; elsewhere?: true } | null {
  switch (state) {
    case 'starting':
      return { label: LOCATING_LABEL, tone: 'wait' };
    case 'sharing':
      return { label: SHARING_LABEL, tone: 'on' };
    case 'elsewhere':
      return { label: SHARING_ELSEWHERE_LABEL, tone: 'on', elsewhere: true };
    case 'other-device':
      return { label: SHARING_OTHER_DEVICE_LABEL, tone: 'on', elsewhere: true };
    case 'ask':
    case 'denied':
    case 'unavailable':
    case 'unsupported':
      return { label: LOCATION_OFF_LABEL, tone: 'off' };
    case 'error':
      return { label: LOCATION_NOT_SENT_LABEL, tone: 'warn' };
    default:
      return null;
  }
}

/** What the provider is told when customers cannot follow them, and how to turn it on. */
export function sharingNotice(state: SharingState): string | null {
  if (state === 'ask') return ASK_MESSAGE;
  if (state === 'denied') return DENIED_MESSAGE;
  if (state === 'unavailable') return UNAVAILABLE_MESSAGE;
  if (state === 'unsupported') return UNSUPPORTED_MESSAGE;
  if (state === 'error') return SERVICE_ERROR_MESSAGE;
  return null;
}

/**
 * Each tone's colours, and its mark: a shape of its own, so the state is told without its colour (on a phone
 * the mark stands alone, its words pressed open; forced colours drop background colours).
 */
const TONES: Record<Tone, { color: string; background: string; dot: string; mark: string }> = {
  on: { color: '#166534', background: '#f0fdf4', dot: '#16a34a', mark: '●' },
  wait: { color: '#475569', background: '#f8fafc', dot: '#64748b', mark: '◌' },
  off: { color: '#991b1b', background: '#fef2f2', dot: '#dc2626', mark: '✕' },
  warn: { color: '#92400e', background: '#fffbeb', dot: '#d97706', mark: '!' },
};
/** The mark of sharing done by another tab or device: a ring. */
const ELSEWHERE_MARK = '○';

/** Phone-sized windows (as Layout): the indicator keeps its dot, its words shown when the dot is pressed. */
const NARROW = '(max-width: 800px)';
const useNarrow = () => useMediaQuery(NARROW);
/**
 * Windows too low for a bar fixed at their end (a phone on its side, a page zoomed to 400 %), where with the
 * top bar it would leave no room for the page: the location notice ends the page there instead.
 */
const SHORT = '(max-height: 480px)';

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

function LocationIndicator({ sharing }: { sharing: LocationSharingSnapshot }) {
  const indicator = sharingIndicator(sharing.state);
  const narrow = useNarrow();
  const [wordsShown, setWordsShown] = useState(false);
  const container = useRef<HTMLSpanElement>(null);
  // On a phone the words are behind the dot: pressed, they show under it until pressed again, Escape,
  // or a press anywhere else.
  useEffect(() => {
    if (!wordsShown) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setWordsShown(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setWordsShown(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [wordsShown]);
  if (!indicator) return null;
  const tone = TONES[indicator.tone];
  const style: CSSProperties = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    padding: narrow ? 0 : '4px 10px',
    position: 'relative',
    borderRadius: 999,
    border: `1px solid ${tone.dot}33`,
    background: tone.background,
    color: tone.color,
    fontSize: '0.8rem',
    fontWeight: 600,
    whiteSpace: 'nowrap',
  };
  const detail =
    sharing.state === 'sharing' && sharing.lastSentAt
      ? `Customers of your accepted jobs can follow you. Position sent at ${formatClock(sharing.lastSentAt)}.`
      : sharing.state === 'other-device'
        ? SHARING_OTHER_DEVICE_DETAIL
        : undefined;
  const dot = (
    <span
      aria-hidden="true"
      className="location-mark"
      data-mark={indicator.elsewhere ? ELSEWHERE_MARK : tone.mark}
      style={{ color: tone.dot, fontSize: 12, lineHeight: 1, fontWeight: 700, minWidth: 10, textAlign: 'center' }}
    />
  );
  return (
    <span
      ref={container}
      role="status"
      aria-label="Location sharing"
      title={detail ?? indicator.label}
      style={style}
      data-state={sharing.state}
    >
      {narrow ? (
        <button
          type="button"
          aria-expanded={wordsShown}
          aria-controls="location-sharing-words"
          onClick={() => setWordsShown((shown) => !shown)}
          style={DOT_BUTTON}
        >
          {dot}
          <span style={VISUALLY_HIDDEN}>{indicator.label}</span>
        </button>
      ) : (
        <>
          {dot}
          <span>{indicator.label}</span>
        </>
      )}
      {narrow && wordsShown ? (
        <span id="location-sharing-words" style={{ ...WORDS_UNDER_DOT, color: tone.color }}>
          {indicator.label}
          {detail ? <span style={{ display: 'block', fontWeight: 400, marginTop: 4 }}>{detail}</span> : null}
        </span>
      ) : null}
    </span>
  );
}

/** The dot on a phone: a 32 px target (the dot alone is 8 px). */
const DOT_BUTTON: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  cursor: 'pointer',
};

const WORDS_UNDER_DOT: CSSProperties = {
  position: 'absolute',
  top: 'calc(100% + 8px)',
  right: 0,
  zIndex: 30,
  width: 'max-content',
  maxWidth: 240,
  padding: '8px 12px',
  borderRadius: 8,
  border: '1px solid #e2e8f0',
  background: '#fff',
  boxShadow: '0 6px 20px rgba(15, 23, 42, 0.15)',
  whiteSpace: 'normal',
  textAlign: 'left',
};

/**
 * A non-blocking bar at the bottom of the window (the page stays usable; fixed, so it appearing a moment
 * after the page never moves the page: issue 12, layout shift); each state's notice can be dismissed.
 */
function LocationNotice({ state }: { state: SharingState }) {
  const message = sharingNotice(state);
  // The notice dismissed for this state, in this tab (a reload does not bring it back); another state brings its own notice.
  const [dismissed, setDismissed] = useState<string | null>(readDismissedNotice);
  if (!message || dismissed === state) return null;
  const dismiss = () => {
    setDismissed(state);
    rememberDismissedNotice(state);
  };
  return <NoticeBar state={state} message={message} onDismiss={dismiss} />;
}

const DISMISSED_NOTICE_KEY = 'locationNoticeDismissed';
function readDismissedNotice(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_NOTICE_KEY);
  } catch {
    return null;
  }
}
function rememberDismissedNotice(state: SharingState): void {
  try {
    sessionStorage.setItem(DISMISSED_NOTICE_KEY, state);
  } catch {
    /* storage unavailable: a reload shows the notice again */
  }
}

/**
 * The notice bar. While it is shown, the page gets as much room below its end as the bar is high, so the
 * bar never hides the end of the page (the room is added below everything: nothing on screen moves), and
 * the sidebar ends above it (styles.css reads --notice-bar-height, as does any remote whose screen is
 * sized to the window, such as the chat; --location-notice-height places the offline bar above it and
 * adds the two). When it goes (Dismiss, Share location) with the focus in it, focus goes to the page,
 * as after a navigation, rather than to nowhere.
 */
function NoticeBar({ state, message, onDismiss }: { state: SharingState; message: string; onDismiss: () => void }) {
  const bar = useRef<HTMLDivElement>(null);
  // In a low window the bar is the page's end, in the flow: it takes no room of the window.
  const inFlow = useMediaQuery(SHORT);
  // Before the bar's first paint: the room (and the sidebar's end) come with it, nothing moves after.
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || inFlow) return undefined;
    const body = document.body;
    const root = document.documentElement;
    const fit = () => {
      body.style.paddingBottom = `${element.offsetHeight}px`;
      body.style.setProperty('--notice-bar-height', `${element.offsetHeight}px`);
      body.style.setProperty('--location-notice-height', `${element.offsetHeight}px`);
      // On html too: its scroll-padding (styles.css) keeps what the keyboard focuses clear of the bar.
      root.style.setProperty('--location-notice-height', `${element.offsetHeight}px`);
    };
    fit();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = '';
      body.style.removeProperty('--notice-bar-height');
      body.style.removeProperty('--location-notice-height');
      root.style.removeProperty('--location-notice-height');
    };
  }, [inFlow]);
  useLayoutEffect(() => {
    const element = bar.current;
    return () => {
      if (element?.contains(document.activeElement)) document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    };
  }, []);
  const warn = state === 'error';
  // At the end of the document, so the keyboard reaches it after the page, as it is shown below the page.
  return createPortal(
    <div
      ref={bar}
      role="status"
      aria-label="Location notice"
      style={{
        position: inFlow ? 'static' : 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 'var(--layer-notice)',
        display: 'flex',
        // On a phone the buttons go below the message, which keeps the whole width (a lower bar).
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        gap: '8px 12px',
        padding: '10px 24px',
        background: warn ? '#fffbeb' : '#fef2f2',
        color: warn ? '#92400e' : '#991b1b',
        borderTop: `1px solid ${warn ? '#fcd34d' : '#fca5a5'}`,
        boxShadow: '0 -2px 8px rgba(15, 23, 42, 0.08)',
        fontSize: '0.9rem',
      }}
    >
      <span style={{ flex: '1 1 260px' }}>{message}</span>
      {state === 'ask' ? (
        <button
          type="button"
          onClick={shareLocationNow}
          style={{
            border: 0,
            borderRadius: 6,
            padding: '4px 10px',
            background: '#991b1b',
            color: '#ffffff',
            cursor: 'pointer',
            fontWeight: 600,
          }}
        >
          {SHARE_LOCATION_LABEL}
        </button>
      ) : null}
      <button
        type="button"
        onClick={onDismiss}
        style={{
          border: 0,
          background: 'none',
          color: 'inherit',
          cursor: 'pointer',
          fontWeight: 600,
          textDecoration: 'underline',
        }}
      >
        Dismiss
      </button>
    </div>,
    document.body,
  );
}

/**
 * Tells the stylesheet the bar's height (`--topbar-height`), and where the bar has room for the alert (kept 50 s): from the menu toggle's end
 * (`--topbar-room-start`) to the controls at the bar's end (`--topbar-room-end`, from the window's right
 * edge), which the provider's location status makes wider or narrower. The alert sits there, over the
 * dashboard title only when the bar has no other room: below the bar it covered the page's own actions
 * (Edit Profile, Add New).
 */
function useRoomForAlert(spacer: RefObject<HTMLSpanElement | null>) {
  useLayoutEffect(() => {
    const end = spacer.current;
    const bar = end?.parentElement;
    const menu = bar?.firstElementChild;
    if (!end || !bar || !menu) return undefined;
    const root = document.documentElement;
    const measure = () => {
      root.style.setProperty('--topbar-room-start', `${Math.round(menu.getBoundingClientRect().right)}px`);
      root.style.setProperty('--topbar-room-end', `${Math.round(root.clientWidth - end.getBoundingClientRect().right)}px`);
      // Taller than its 64 px with large text (the title on two lines): what focus is scrolled clear of.
      root.style.setProperty('--topbar-height', `${bar.offsetHeight}px`);
    };
    measure();
    // The spacer's width changes with the window, the sidebar and the location status beside it.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(end);
    observer?.observe(bar);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--topbar-room-start');
      root.style.removeProperty('--topbar-room-end');
      root.style.removeProperty('--topbar-height');
    };
  }, [spacer]);
}

export function TopBar({
  menuOpen,
  onToggleMenu,
  menuToggleRef,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** The menu toggle, where focus goes back when the phone's drawer closes. */
  menuToggleRef?: Ref<HTMLButtonElement>;
}) {
  const { users, notifications } = useSession();
  const sharing = useProviderSharing();
  const unread = useUnreadCount();
  // Unread only (docs/deviations.md 44), of all pages as the API counts them; until it has answered, those
  // of the list kept from the last visit.
  const count = unread ?? notifications.filter((n) => !n.read).length;
  const isProvider = users?.role === 'Provider';
  const spacer = useRef<HTMLSpanElement>(null);
  useRoomForAlert(spacer);
  return (
    <>
      <header className="topbar">
        <button
          ref={menuToggleRef}
          type="button"
          className="topbar__menu"
          aria-label="Toggle menu"
          aria-controls="sidebar"
          aria-expanded={menuOpen}
          onClick={onToggleMenu}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <span className="topbar__title">{dashboardTitle(users?.role)}</span>
        <span ref={spacer} className="topbar__spacer" />
        {isProvider && sharing ? <LocationIndicator sharing={sharing} /> : null}
        <Link to="/notification" className="topbar__bell" aria-label={`Notifications: ${count} unread`}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M18 16v-5a6 6 0 1 0-12 0v5l-2 2h16l-2-2zM10 20a2 2 0 0 0 4 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          {/* A red badge reading 0 looks like news; the link's name still says the count. */}
          {count > 0 ? (
            <span className="topbar__count" data-testid="notification-count">
              {count}
            </span>
          ) : null}
        </Link>
      </header>
      {isProvider && sharing ? <LocationNotice state={sharing.state} /> : null}
    </>
  );
}
