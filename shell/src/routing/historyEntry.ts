import { useContext } from 'react';
import { UNSAFE_NavigationContext, type Location } from 'react-router-dom';

/**
 * Reads the key of the history entry the browser is on now. The router renders a navigation as a
 * transition, so for a while after a navigate() the rendered location (useLocation) is still the one before:
 * this tells where the history already is.
 */
export function useHistoryEntryKey(): () => string | undefined {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return () => (navigator as { location?: Location }).location?.key;
}
