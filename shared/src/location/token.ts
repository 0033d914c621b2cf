import { apiClient, unwrap } from 'shared';

/** POST /api/location/token: how this browser signs in to the location database. */
export interface LocationToken {
  /** 'embedded': the local firebase-server (connectDatabaseEmulator); 'firebase': a real project (signInWithCustomToken). */
  mode: 'embedded' | 'firebase';
  token: string;
  /** The user id as the database's auth.uid. */
  uid: string;
  role: 'Customer' | 'Provider';
  /** Providers this user may follow (the providers of the customer's Accepted jobs). */
  follows: number[];
  expires_at: string;
}

/** Asks the API for a token of the signed-in user (silent: the caller reports failures in its own words). */
export async function fetchLocationToken(): Promise<LocationToken> {
  const { data } = await unwrap<LocationToken>(apiClient.post('/api/location/token', null, { silent: true }));
  return data;
}
