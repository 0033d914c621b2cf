import { useCallback, useEffect, useRef, useState } from 'react';
import { bus, fetchJobs, fetchProviders, fetchServices, type Job } from 'shared';
import { serviceIdForAssign } from '../lib/assignJob';

export const BOOKING_UNAVAILABLE = 'Booking is unavailable right now. Please try again later.';
export const NO_SERVICE = 'This provider offers no service to book yet.';

/** The services the provider offers, in catalogue order (a job can only book one of them). */
async function servicesOfferedBy(providerId: number): Promise<Array<{ id: number; name: string }>> {
  const services = (await fetchServices({ silent: true })).data ?? [];
  const listings = await Promise.all(services.map((service) => fetchProviders(service.id, { silent: true })));
  return services
    .filter((_, i) => (listings[i].data ?? []).some((provider) => provider.id === providerId))
    .map(({ id, name }) => ({ id, name }));
}

/** How long Assign Job waits for the customer remote's booking host when it is not there yet. */
export const assignTiming = { hostWaitMs: 5000 };

/** Resolves true when the booking host announces itself within assignTiming.hostWaitMs, else false. */
function bookingHostReady(): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      resolve(false);
    }, assignTiming.hostWaitMs);
    const subscription = bus.on('booking/assignHostReady').subscribe(() => {
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(true);
    });
  });
}

/**
 * Chat's Assign Job (spec section 2, customers only): asks the customer remote for the booking modal
 * through the bus. Its BookingAssignHost answers `booking/assignHandled` within the same emit. The
 * host mounts after a page's first screen, so a press right after the page opened waits (busy) for it
 * to announce itself and asks again. It says it wants the host (`booking/assignHostWanted`): a customer remote
 * that was down is loaded again, so a press after it came back opens the form. No host within
 * assignTiming.hostWaitMs means that remote is down, and the customer is told so instead.
 */
export function useAssignJob(providerId: number | null) {
  const [busy, setBusy] = useState(false);
  /** Set at once (state is not), so a second press while asking does nothing: the button stays enabled. */
  const running = useRef(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** Counts the asks, and the pane's closing or its provider's change, which end the ask on its way. */
  const asks = useRef(0);
  useEffect(
    () => () => {
      asks.current++;
    },
    [providerId],
  );

  const assign = useCallback(async () => {
    if (providerId === null || running.current) return;
    running.current = true;
    const ask = ++asks.current;
    // Left meanwhile (another contact, another screen): no booking form for this provider pops up there.
    const stillWanted = () => asks.current === ask;
    setBusy(true);
    setNotice(null);
    try {
      let serviceId: number | null;
      let services: Array<{ id: number; name: string }>;
      try {
        const [jobs, offered] = await Promise.all([
          fetchJobs({ per_page: 100 }, { silent: true })
            .then((r) => (Array.isArray(r.data) ? r.data : []))
            .catch((): Job[] => []),
          servicesOfferedBy(providerId),
        ]);
        services = offered;
        serviceId = serviceIdForAssign(
          jobs,
          offered.map((s) => s.id),
          providerId,
        );
      } catch {
        if (stillWanted()) setNotice(BOOKING_UNAVAILABLE);
        return;
      }
      if (!stillWanted()) return;
      if (serviceId === null) {
        setNotice(NO_SERVICE);
        return;
      }
      const askHost = () => {
        let handled = false;
        const subscription = bus.on('booking/assignHandled').subscribe((event) => {
          if (event.providerId === providerId) handled = true;
        });
        try {
          bus.emit({ type: 'booking/assign', providerId, serviceId, services });
        } finally {
          subscription.unsubscribe();
        }
        return handled;
      };
      if (askHost()) return;
      const hostReady = bookingHostReady();
      bus.emit({ type: 'booking/assignHostWanted' });
      const ready = await hostReady;
      if (!stillWanted()) return;
      if (!(ready && askHost())) setNotice(BOOKING_UNAVAILABLE);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [providerId]);

  return { assign, busy, notice, dismiss: () => setNotice(null) };
}
