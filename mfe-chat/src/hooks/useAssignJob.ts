import { useCallback, useState } from 'react';
import { bus, fetchJobs, fetchServices, type Job, type Service } from 'shared';
import { serviceIdForAssign } from '../lib/assignJob';

export const BOOKING_UNAVAILABLE = 'Booking is unavailable right now. Please try again later.';
export const NO_SERVICE = 'Booking is unavailable right now: there is no service to book.';

/**
 * Chat's Assign Job (spec section 2, customers only): asks the customer remote for the booking modal
 * through the bus. Its BookingAssignHost answers `booking/assignHandled` within the same emit; no
 * answer means that remote is down, and the customer is told so instead.
 */
export function useAssignJob(providerId: number | null) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const assign = useCallback(async () => {
    if (providerId === null) return;
    setBusy(true);
    setNotice(null);
    try {
      const jobs = await fetchJobs({ per_page: 100 }, { silent: true })
        .then((r) => (Array.isArray(r.data) ? r.data : []))
        .catch((): Job[] => []);
      let serviceId = serviceIdForAssign(jobs, [], providerId);
      if (serviceId === null) {
        const services = await fetchServices({ silent: true })
          .then((r) => (Array.isArray(r.data) ? r.data : []))
          .catch((): Service[] => []);
        serviceId = serviceIdForAssign([], services, providerId);
      }
      if (serviceId === null) {
        setNotice(NO_SERVICE);
        return;
      }
      let handled = false;
      const subscription = bus.on('booking/assignHandled').subscribe((event) => {
        if (event.providerId === providerId) handled = true;
      });
      try {
        bus.emit({ type: 'booking/assign', providerId, serviceId });
      } finally {
        subscription.unsubscribe();
      }
      if (!handled) setNotice(BOOKING_UNAVAILABLE);
    } finally {
      setBusy(false);
    }
  }, [providerId]);

  return { assign, busy, notice, dismiss: () => setNotice(null) };
}
