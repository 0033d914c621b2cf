import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { bus, sessionActions, useSession, type BusEventOf } from 'shared';

type ToastModule = typeof import('react-toastify');
type ToastRequest = Omit<BusEventOf<'toast/show'>, 'type'>;

/**
 * Shows one toast. A success takes away the error toasts still on screen: what failed has since worked
 * (or the user moved on), and a red "could not" beside a green "done" reads as both. The same error
 * again does not stack a second copy.
 */
export function presentToast(mod: ToastModule, errorsShown: Set<string>, { kind, message }: ToastRequest) {
  if (kind === 'success') {
    errorsShown.forEach((id) => mod.toast.dismiss(id));
    errorsShown.clear();
  }
  if (kind !== 'error') {
    mod.toast(message, { type: kind });
    return;
  }
  const toastId = `error:${message}`;
  errorsShown.add(toastId);
  mod.toast(message, { type: kind, toastId, onClose: () => errorsShown.delete(toastId) });
}

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
  const errorsShown = useRef(new Set<string>());

  useEffect(() => {
    let active = true;
    const subscription = bus.on('toast/show').subscribe(({ kind, message }) => {
      if (ready.current) {
        presentToast(ready.current, errorsShown.current, { kind, message });
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
    pending.current.splice(0).forEach((request) => presentToast(toastModule, errorsShown.current, request));
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
