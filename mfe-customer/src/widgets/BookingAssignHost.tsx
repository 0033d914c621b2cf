import { useCallback, useEffect, useState } from 'react';
import { bus, Dialog, ErrorState, fetchProviders, Loader } from 'shared';
import { BOOKING_TITLE, BookingForm, type BookingProvider } from '../components/BookingModal';
import { useLoad } from '../lib/useLoad';
import '../styles/customer.css';

interface AssignRequest {
  providerId: number;
  serviceId: number;
}

export const ASSIGN_PROVIDER_MISSING = 'This driver does not offer this service any more.';

function AssignDialog({ request, onClose }: { request: AssignRequest; onClose: () => void }) {
  const { serviceId, providerId } = request;
  const loadProvider = useCallback(async (): Promise<BookingProvider | null> => {
    const { data } = await fetchProviders(serviceId, { silent: true });
    return data.find((p) => p.id === providerId) ?? null;
  }, [serviceId, providerId]);
  const { state, reload } = useLoad(loadProvider);

  return (
    <Dialog title={BOOKING_TITLE} onClose={onClose}>
      {state.status === 'loading' ? <Loader label="Loading the driver…" /> : null}
      {state.status === 'error' ? (
        <ErrorState message="The driver could not be loaded." detail={state.message} onRetry={reload} />
      ) : null}
      {state.status === 'ready' && !state.data ? <p className="cust-note">{ASSIGN_PROVIDER_MISSING}</p> : null}
      {state.status === 'ready' && state.data ? (
        <BookingForm serviceId={request.serviceId} provider={state.data} onDone={onClose} focusFirstField />
      ) : null}
    </Dialog>
  );
}

/**
 * Opens the booking modal when another remote asks for it (chat's Assign Job: `booking/assign` on the
 * bus). It answers `booking/assignHandled` at once, inside the same emit, so the asker knows the
 * customer remote is there. Renders nothing until asked. The shell mounts it for customers.
 */
export default function BookingAssignHost() {
  const [request, setRequest] = useState<AssignRequest | null>(null);

  useEffect(() => {
    const subscription = bus.on('booking/assign').subscribe(({ providerId, serviceId }) => {
      bus.emit({ type: 'booking/assignHandled', providerId });
      setRequest({ providerId, serviceId });
    });
    return () => subscription.unsubscribe();
  }, []);

  if (!request) return null;
  return <AssignDialog key={`${request.serviceId}-${request.providerId}`} request={request} onClose={() => setRequest(null)} />;
}
