import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { bus } from 'shared';

export const OFFLINE_MESSAGE =
  'You are offline. What you see may be out of date, and changes cannot be sent until the connection is back.';
export const LIVE_PAUSED_MESSAGE =
  'Live updates are paused while the app reconnects. What you see may be out of date; what you do is still sent.';
export const BACK_ONLINE_MESSAGE = 'Back online.';
/** How long "Back online." stays. */
export const BACK_ONLINE_MS = 4000;

/**
 * How far the app reaches its servers: 'offline' when the browser says so, or when the realtime connection
 * (when there is one) has given up (pusher-js's 'unavailable': a phone with signal but no data, a server
 * down) and the API does not answer either; 'paused' when the API answers all the same (a network that
 * blocks WebSockets, the realtime server down): only live updates are cut off.
 */
function useReach(): 'online' | 'paused' | 'offline' {
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine);
  const [realtimeDown, setRealtimeDown] = useState(false);
  const [apiAnswers, setApiAnswers] = useState(false);
  useEffect(() => {
    const online = () => setBrowserOnline(true);
    const offline = () => setBrowserOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const states = bus.on('realtime/state').subscribe(({ state }) => {
      if (state === 'unavailable') setRealtimeDown(true);
      // Connected again, or closed (signed out): either way not a sign of being cut off.
      else if (state === 'connected' || state === 'disconnected') {
        setRealtimeDown(false);
        setApiAnswers(false);
      }
    });
    const answers = bus.on('realtime/apiReachable').subscribe(({ reachable }) => setApiAnswers(reachable));
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      states.unsubscribe();
      answers.unsubscribe();
    };
  }, []);
  if (!browserOnline) return 'offline';
  if (!realtimeDown) return 'online';
  return apiAnswers ? 'paused' : 'offline';
}

/**
 * Tells the user when the app cannot reach its servers (a driver in a tunnel), and when it can again; the
 * screens fetch what they missed by themselves once the realtime channel subscribes again. A small bar at
 * the bottom, above the location notice, announced politely to screen readers; the live region is always
 * there so that its changes are read. While it shows, the page has room for it below its end and the
 * screens sized to the window end above it (styles.css, from --connection-notice-height), so it covers
 * none of their controls (a chat's message box, a Go Back at the end of a page).
 */
export function ConnectionNotice() {
  const notice = useRef<HTMLDivElement>(null);
  const reach = useReach();
  const [previous, setPrevious] = useState(reach);
  const [backOnline, setBackOnline] = useState(false);
  if (reach !== previous) {
    setPrevious(reach);
    // Only after being offline: live updates coming back after a pause need no word.
    setBackOnline(reach === 'online' && previous === 'offline');
  }
  useEffect(() => {
    if (!backOnline) return undefined;
    const timer = setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [backOnline]);

  const message =
    reach === 'offline' ? OFFLINE_MESSAGE : reach === 'paused' ? LIVE_PAUSED_MESSAGE : backOnline ? BACK_ONLINE_MESSAGE : null;
  // Before the bar's first paint, as the location notice's room (TopBar.tsx); measured again for each
  // message and when the window's width changes how its text wraps.
  useLayoutEffect(() => {
    const element = notice.current;
    if (!message || !element) return undefined;
    const style = document.documentElement.style;
    const fit = () => style.setProperty('--connection-notice-height', `${element.offsetHeight}px`);
    fit();
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      style.removeProperty('--connection-notice-height');
    };
  }, [message]);
  return (
    <div ref={notice} className="connection-notice" role="status" aria-label="Connection">
      {message ? (
        <p className={`connection-notice__bar${reach === 'online' ? ' connection-notice__bar--back' : ''}`}>{message}</p>
      ) : null}
    </div>
  );
}
