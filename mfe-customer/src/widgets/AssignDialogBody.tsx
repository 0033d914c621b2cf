import { useCallback, useState } from 'react';
import { ErrorState, fetchProviders, Loader } from 'shared';
import { BookingForm, type BookingProvider } from '../components/BookingModal';
import { hasNoPrice } from '../components/driverPrice';
import type { BookingDraftValues } from '../components/bookingDraft';
import { useLoad } from '../lib/useLoad';
import { ASSIGN_PROVIDER_MISSING, DRIVER_WITHOUT_PRICE, LOADING_DRIVER } from '../components/bookingTexts';
import '../styles/customer.css';

export interface AssignRequest {
  providerId: number;
  serviceId: number;
  /** The services the provider offers, to choose from (chat's Assign Job). */
  services?: ReadonlyArray<{ id: number; name: string }>;
  /** What the customer had typed before leaving to add a card. */
  draft?: BookingDraftValues;
  /** The saved cards offered when the customer left to add another (bookingDraft.ts). */
  cardsBefore?: ReadonlyArray<number>;
  /** Opened again on the way back from the card form. */
  backFromCardForm?: boolean;
}

/**
 * Inside the booking modal, for the driver another remote asked for: loads the driver, then the booking
 * form, with a choice of the driver's services when there are several.
 */
export default function AssignDialogBody({ request, onClose }: { request: AssignRequest; onClose: () => void }) {
  const { providerId } = request;
  const [serviceId, setServiceId] = useState(request.serviceId);
  // The driver as listed for the service first asked for; choosing another service books it instead.
  const loadProvider = useCallback(async (): Promise<BookingProvider | null> => {
    const { data } = await fetchProviders(request.serviceId, { silent: true });
    return data.find((p) => p.id === providerId) ?? null;
  }, [request.serviceId, providerId]);
  const { state, reload, refresh } = useLoad(loadProvider);

  return (
    <>
      {state.status === 'loading' ? <Loader label={LOADING_DRIVER} /> : null}
      {state.status === 'error' ? (
        <ErrorState message="The driver could not be loaded." detail={state.message} onRetry={reload} />
      ) : null}
      {state.status === 'ready' && !state.data ? <p className="cust-note">{ASSIGN_PROVIDER_MISSING}</p> : null}
      {state.status === 'ready' && state.data && hasNoPrice(state.data) ? (
        <p className="cust-note">{DRIVER_WITHOUT_PRICE}</p>
      ) : null}
      {state.status === 'ready' && state.data && !hasNoPrice(state.data) ? (
        <BookingForm
          serviceId={serviceId}
          serviceChoice={request.services ? { services: request.services, onChange: setServiceId } : undefined}
          provider={state.data}
          onDone={onClose}
          readDriverAgain={refresh}
          focusFirstField
          initialValues={request.draft}
          cardsBefore={request.cardsBefore}
          backFromCardForm={request.backFromCardForm}
        />
      ) : null}
    </>
  );
}
