import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { useDispatch } from 'react-redux';
import { bus, sessionActions, useSession, type Alert, type BusEventOf } from 'shared';

type ToastModule = typeof import('react-toastify');
type ToastRequest = Omit<BusEventOf<'toast/show'>, 'type'>;

/**
 * Shows one toast. A success or a new error takes away the error toasts still on screen: what failed has
 * since worked, or failed anew (a red "could not" beside a green "done", or beside the next attempt's
 * reason, reads as both). The same error again does not stack a second copy.
 */
export function presentToast(mod: ToastModule, errorsShown: Set<string>, { kind, message }: ToastRequest) {
  const toastId = kind === 'error' ? `error:${message}` : undefined;
  if (kind !== 'info') dismissErrorToasts(mod, errorsShown, toastId);
  if (!toastId) {
    mod.toast(message, { type: kind });
    return;
  }
  if (errorsShown.has(toastId)) return;
  errorsShown.add(toastId);
  mod.toast(message, { type: kind, toastId, onClose: () => errorsShown.delete(toastId) });
}

/** Takes away the error toasts on screen (but `keep`). */
function dismissErrorToasts(mod: ToastModule, errorsShown: Set<string>, keep?: string) {
  errorsShown.forEach((id) => {
    if (id !== keep) {
      mod.toast.dismiss(id);
      errorsShown.delete(id);
    }
  });
}

const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Whether the alert shown moves to the bottom of the window: it stays 50 s over the page's top right, where
 * some screens have their actions (Edit Profile, Add New), and a control the keyboard focuses there would be
 * hidden under it. When focus lands on a control under the alert, the alert moves to the other end.
 */
function useAlertDodgesFocus(area: RefObject<HTMLDivElement | null>, alert: Alert | null): boolean {
  // The alert that moved: a new one starts at the top again.
  const [movedFor, setMovedFor] = useState<Alert | null>(null);
  const focused = useEffectEvent((target: Element) => {
    const box = area.current?.firstElementChild?.getBoundingClientRect();
    if (!box || !target.isConnected || area.current?.contains(target)) return;
    if (overlap(box, target.getBoundingClientRect())) setMovedFor((moved) => (moved === alert ? null : alert));
  });
  useEffect(() => {
    if (!alert) return undefined;
    let frame = 0;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      // After the browser has scrolled the focused control into view.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => focused(target));
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [alert]);
  return alert !== null && movedFor === alert;
}

export function AlertArea() {
  const dispatch = useDispatch();
  const { alert, users } = useSession();
  const signedInAs = users?.id ?? null;
  const [toastModule, setToastModule] = useState<ToastModule | null>(null);
  /** Toasts announced before the toast module and its container were there. */
  const pending = useRef<ToastRequest[]>([]);
  /** The toast module once its container is mounted: toasts go straight to it. */
  const ready = useRef<ToastModule | null>(null);
  const errorsShown = useRef(new Set<string>());
  const area = useRef<HTMLDivElement>(null);
  const moved = useAlertDodgesFocus(area, alert);

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
        (error: unknown) => {
          console.warn('toasts unavailable', error);
          // Said in the alert area instead (the newest one), never lost: a failure some forms tell only as a toast.
          const last = pending.current.splice(0).at(-1);
          if (active && last)
            dispatch(sessionActions.alertSet({ type: last.kind === 'error' ? 'danger' : last.kind, message: last.message }));
        },
      );
    });
    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, [dispatch]);

  // Runs after the container (a child) has mounted: shows what was announced meanwhile.
  useEffect(() => {
    if (!toastModule) return;
    ready.current = toastModule;
    pending.current.splice(0).forEach((request) => presentToast(toastModule, errorsShown.current, request));
  }, [toastModule]);

  // A success alert says that what failed has since worked, as a success toast does.
  useEffect(() => {
    if (alert?.type === 'success' && ready.current) dismissErrorToasts(ready.current, errorsShown.current);
  }, [alert]);

  // Signing in ends what the signed-out screens toasted: a failed attempt's reason, or 'Registered
  // successfully. Please log in.', stayed on Home beside 'Login successful'.
  const seenSignedIn = useRef(signedInAs);
  useEffect(() => {
    const before = seenSignedIn.current;
    seenSignedIn.current = signedInAs;
    if (signedInAs === null || signedInAs === before) return;
    pending.current.length = 0;
    errorsShown.current.clear();
    ready.current?.toast.dismiss();
  }, [signedInAs]);

  const Container = toastModule?.ToastContainer;
  return (
    <>
      {/* No live region of its own: the alert in it is one (role="alert"), and inside another it was said twice. */}
      <div ref={area} className={`alert-area${moved ? ' alert-area--low' : ''}`}>
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
