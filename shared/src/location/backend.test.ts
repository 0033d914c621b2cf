import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../api';
import { firebaseBackend, isPermissionDenied } from './backend';

const opened: unknown[] = [];
jest.mock('./firebaseConnection', () => ({
  openFirebaseConnection: async (token: unknown) => {
    opened.push(token);
    return { uid: '20' };
  },
}));

describe('the default location backend', () => {
  const original = apiClient.defaults.adapter;
  afterEach(() => {
    apiClient.defaults.adapter = original;
  });

  it('asks the API for a token (POST /api/location/token, silently), then opens the firebase connection with it', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const token = {
      mode: 'embedded',
      token: 't',
      uid: '20',
      role: 'Provider',
      follows: [],
      expires_at: '2025-06-15T13:00:00.000Z',
    };
    apiClient.defaults.adapter = async (config) => {
      seen.push(config);
      return { data: { data: token, message: 'embedded' }, status: 200, statusText: '', headers: {}, config };
    };
    await firebaseBackend.connect();
    expect(seen.map((c) => `${c.method?.toUpperCase()} ${c.url}`)).toEqual(['POST /api/location/token']);
    expect(seen[0].silent).toBe(true);
    expect(opened).toEqual([token]);
  });

  it('tells a refusal of the security rules from other failures', () => {
    expect(isPermissionDenied(new Error('PERMISSION_DENIED: Permission denied'))).toBe(true);
    expect(isPermissionDenied({ code: 'PERMISSION_DENIED' })).toBe(true);
    expect(isPermissionDenied(new Error('permission_denied at /provider/latLng/7'))).toBe(true);
    expect(isPermissionDenied(new Error('Network Error'))).toBe(false);
    expect(isPermissionDenied(null)).toBe(false);
  });
});
