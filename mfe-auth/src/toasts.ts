import { bus } from 'shared';
import { messageOf } from './apiMessage';

/** Toasts a success message; an empty or missing server message toasts nothing. */
export function toastSuccess(message: string | undefined) {
  if (message) bus.emit({ type: 'toast/show', kind: 'success', message });
}

/** Logs a failed call and toasts the server's message (spec section 8), for screens that report it themselves. */
export function toastFailure(error: unknown) {
  console.error(error);
  bus.emit({ type: 'toast/show', kind: 'error', message: messageOf(error) });
}
