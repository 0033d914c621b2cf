import { useEffect } from 'react';
import { fetchMe, sessionActions, useAppDispatch, useSessionUser } from 'shared';

/**
 * The signed-in user, read again from the API when a screen opens: the stored copy dates from sign-in
 * or this browser's last save, and the profile may have changed on another device since. Answers the
 * stored user at once and the API's when it arrives; offline, the stored one stays.
 */
export function useFreshUser() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let active = true;
    fetchMe({ silent: true }).then(
      ({ data }) => {
        if (active) dispatch(sessionActions.userUpdated(data));
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [dispatch]);
  return useSessionUser();
}
