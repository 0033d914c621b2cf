import { lazy, Suspense, useEffect, useState } from 'react';
import { bus, Dialog, Loader } from 'shared';
import type { AssignRequest } from './AssignDialogBody';
import { BOOKING_TITLE, LOADING_DRIVER } from '../components/bookingTexts';

// The host is on every signed-in page of a customer; the modal and its booking form load only when asked.
const AssignDialogBody = lazy(() => import('./AssignDialogBody'));

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
  const close = () => setRequest(null);
  return (
    <Dialog title={BOOKING_TITLE} onClose={close}>
      <Suspense fallback={<Loader label={LOADING_DRIVER} />}>
        <AssignDialogBody key={`${request.serviceId}-${request.providerId}`} request={request} onClose={close} />
      </Suspense>
    </Dialog>
  );
}
