import { useEffect, useState } from 'react';
import { bus, Loader, useSessionUser, type BusEventType } from 'shared';
import { useRemote } from '../federation/RemotesContext';
import type { RemoteName } from '../federation/types';
import { widgetFor } from '../routing/routeTable';
import { afterFirstScreen } from '../session/firstScreenShown';
import { RemoteMount, RemoteUnavailable, Shown } from './RemoteMount';

/** How a failed widget is named to the user. */
export const WIDGET_LABEL = 'This part of the page';

export interface RemoteWidgetProps {
  /** The remote that offers the widget, e.g. "mfe_customer". */
  remote: RemoteName;
  /** The widget name in the remote's contract, e.g. "HomeBlocks". */
  name: string;
  /** A widget with nothing to show until asked (e.g. a dialog host): no loader, no unavailable message. */
  background?: boolean;
  /** Called once the widget, the message that its remote is down, or nothing (no such widget) is on screen. */
  onShown?: () => void;
  /**
   * For a background widget (no Retry button): the bus event asking for it. Emitted while its remote had
   * failed to load, the remote is loaded again (it may be back).
   */
  retryOn?: BusEventType;
}

/** False until the first screen is on screen (or the longest wait passed); true at once when `now`. */
function useAfterFirstScreen(now: boolean): boolean {
  const [after, setAfter] = useState(now);
  useEffect(() => {
    if (after) return undefined;
    let live = true;
    void afterFirstScreen().then(() => {
      if (live) setAfter(true);
    });
    return () => {
      live = false;
    };
  }, [after]);
  return after;
}

/**
 * Places a widget from a remote's contract inside a shell page. When the remote is down it shows
 * a clear message with a Retry button instead; the rest of the page keeps working. A background widget
 * waits for the first screen (issue 12): its code does not compete with that screen's.
 */
export function RemoteWidget({ remote, name, background = false, onShown, retryOn }: RemoteWidgetProps) {
  const mount = useAfterFirstScreen(!background);
  if (!mount) return null;
  return <LoadedWidget remote={remote} name={name} background={background} onShown={onShown} retryOn={retryOn} />;
}

function LoadedWidget({ remote, name, background = false, onShown, retryOn }: RemoteWidgetProps) {
  const state = useRemote(remote);
  const role = useSessionUser()?.role;
  const retry = state.status === 'error' ? state.retry : null;
  useEffect(() => {
    if (!retryOn || !retry) return undefined;
    const subscription = bus.on(retryOn).subscribe(() => retry());
    return () => subscription.unsubscribe();
  }, [retryOn, retry]);
  if (state.status === 'idle' || state.status === 'loading') return background ? null : <Loader />;
  if (state.status === 'error') {
    return (
      <>
        {background ? null : <RemoteUnavailable onRetry={state.retry} />}
        <Shown onShown={onShown} />
      </>
    );
  }
  const widget = widgetFor(state.contract, name, role);
  if (!widget) return <Shown onShown={onShown} />;
  // A widget is part of a screen: a failure names it so, not by its module's id (mfe_customer/HomeBlocks).
  return <RemoteMount load={widget.load} label={WIDGET_LABEL} background={background} onShown={onShown} />;
}
