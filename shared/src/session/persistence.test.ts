import { SESSION_STORAGE_KEY } from '../contracts';
import { loadPersistedSession, savePersistedSession } from './persistence';
import { LOGGED_OUT } from './sessionSlice';

const user = {
  id: 1,
  first_name: 'Ada',
  last_name: 'L',
  full_name: 'Ada L',
  email: 'a@example.com',
  phone: null,
  address: null,
  avatar: null,
  role: 'Customer' as const,
  completed_jobs: 0,
  total_provider_jobs: 0,
  email_notifications: true,
};

describe('persisted session under authType', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips a signed-in session', () => {
    savePersistedSession({ ...LOGGED_OUT, isLogin: true, users: user, token: 't0k' });
    expect(loadPersistedSession()).toMatchObject({ isLogin: true, token: 't0k', users: { email: 'a@example.com' } });
  });

  it.each(['{not json', '"a string"', '{"isLogin":true}', '{"isLogin":false,"jobs":"nope"}', 'null'])(
    'resets to logged out when the stored value is %s',
    (raw) => {
      localStorage.setItem(SESSION_STORAGE_KEY, raw);
      expect(loadPersistedSession()).toEqual(LOGGED_OUT);
    },
  );
});
