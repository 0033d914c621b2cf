import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { bus, sessionActions, useSession, type BusEventOf } from 'shared';

type ToastModule = typeof import('react-toastify');
type ToastRequest = Omit<BusEventOf<'toast/show'>, 'type'>;

/**
 * The global alert area (spec section 8): the stored alert (cleared after 50 000 ms) and the toasts
 * announced on the bus (`toast/show`). react-toastify is loaded with the first toast, not with /login.
 */
export function AlertArea() {
  const dispatch = useDispatch();
  const { alert } = useSession();
  const [toastModule, setToastModule] = useState<ToastModule | null>(null);
  /** Toasts announced before the toast module and its container were there. */
  const pending = useRef<ToastRequest[]>([]);
  /** The toast module once its container is mounted: toasts go straight to it. */
  const ready = useRef<ToastModule | null>(null);

  useEffect(() => {
    let active = true;
    const subscription = bus.on('toast/show').subscribe(({ kind, message }) => {
      if (ready.current) {
        ready.current.toast(message, { type: kind });
        return;
      }
      pending.current.push({ kind, message });
      import('react-toastify').then(
        (mod) => {
          if (active) setToastModule((current) => current ?? mod);
        },
        (error: unknown) => console.warn('toasts unavailable', error),
      );
    });
    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, []);

  // Runs after the container (a child) has mounted: shows what was announced meanwhile.
  useEffect(() => {
    if (!toastModule) return;
    ready.current = toastModule;
    pending.current.splice(0).forEach(({ kind, message }) => toastModule.toast(message, { type: kind }));
  }, [toastModule]);

  const Container = toastModule?.ToastContainer;
  return (
    <>
      <div className="alert-area" aria-live="polite">
        {alert ? (
          <div role="alert" className={`alert alert--${alert.type}`}>
            <span>{alert.message}</span>
            <button
              type="button"
              className="alert__close"
              aria-label="Dismiss"
              onClick={() => dispatch(sessionActions.alertCleared())}
            >
              ×
            </button>
          </div>
        ) : null}
      </div>
      {Container ? <Container position="bottom-right" autoClose={5000} newestOnTop /> : null}
    </>
  );
}
