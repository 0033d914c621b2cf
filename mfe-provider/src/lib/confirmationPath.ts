import { type DeliveryConfirmationNavState } from 'shared';
import { pathWithIds } from 'shared/src/contracts/addressIds';

/** Where Accept or Reject leads: the job and the action in the address too (a new tab, a reload). */
export function confirmationPath(state: DeliveryConfirmationNavState) {
  const to = pathWithIds('/deliveryconfirmation', state);
  return { ...to, search: `${to.search}&action=${state.action}` };
}
