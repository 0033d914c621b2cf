import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { ToastContainer, toast } from 'react-toastify';
import { bus, sessionActions, useSession } from 'shared';

/**
 * The global alert area (spec section 8): the stored alert (cleared after 50 000 ms) and the toasts
 * announced on the bus (`toast/show`).
 */
export function AlertArea() {
  const dispatch = useDispatch();
  const { alert } = useSession();

  useEffect(() => {
    const subscription = bus.on('toast/show').subscribe(({ kind, message }) => {
      toast(message, { type: kind });
    });
    return () => subscription.unsubscribe();
  }, []);

  return (
    <>
      <div className="alert-area" aria-live="polite">
        {alert ? (
          <div role="alert" className={`alert alert--${alert.type}`}>
            <span>{alert.message}</span>
            <button type="button" className="alert__close" aria-label="Dismiss" onClick={() => dispatch(sessionActions.alertCleared())}>
              ×
            </button>
          </div>
        ) : null}
      </div>
      <ToastContainer position="top-right" autoClose={5000} newestOnTop />
    </>
  );
}
