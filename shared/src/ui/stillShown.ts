import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether the component is still on screen, for the answer of a request made from it: one that comes
 * after the user moved on must not move them back, nor say its outcome on a page that is gone.
 */
export function useStillShown(): Readonly<RefObject<boolean>> {
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return shown;
}
