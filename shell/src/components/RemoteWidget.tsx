import { Loader, useSession } from 'shared';
import { useRemote } from '../federation/RemotesContext';
import type { RemoteName } from '../federation/types';
import { RemoteMount, RemoteUnavailable, Shown } from './RemoteMount';

export interface RemoteWidgetProps {
  /** The remote that offers the widget, e.g. "mfe_customer". */
  remote: RemoteName;
  /** The widget name in the remote's contract, e.g. "HomeBlocks". */
  name: string;
  /** A widget with nothing to show until asked (e.g. a dialog host): no loader, no unavailable message. */
  background?: boolean;
  /** Called once the widget, the message that its remote is down, or nothing (no such widget) is on screen. */
  onShown?: () => void;
}

/**
 * Places a widget from a remote's contract inside a shell page. When the remote is down it shows
 * a clear message with a Retry button instead; the rest of the page keeps working.
 */
export function RemoteWidget({ remote, name, background = false, onShown }: RemoteWidgetProps) {
  const state = useRemote(remote);
  const role = useSession().users?.role;
  if (state.status === 'idle' || state.status === 'loading') return background ? null : <Loader />;
  if (state.status === 'error') {
    return (
      <>
        {background ? null : <RemoteUnavailable onRetry={state.retry} />}
        <Shown onShown={onShown} />
      </>
    );
  }
  const widget = state.contract.widgets.find((w) => w.name === name && (!w.role || !role || w.role === role));
  if (!widget) return <Shown onShown={onShown} />;
  return <RemoteMount load={widget.load} label={`${remote}/${name}`} background={background} onShown={onShown} />;
}
