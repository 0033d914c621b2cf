import { storedRandomId } from 'shared';

/** The login request's device_id: a random id kept in localStorage, made once per browser. */
export function getDeviceId(): string {
  return storedRandomId('deviceId');
}
