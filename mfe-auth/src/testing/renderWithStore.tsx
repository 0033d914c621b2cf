import type { ReactElement } from 'react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { render } from '@testing-library/react';
import { initialSessionState, sessionReducer, type SessionState, type User } from 'shared';
import { ScreenRouter } from 'shared/src/testing/renderScreen';

export const customer: User = {
  id: 1,
  first_name: 'Carla',
  last_name: 'Customer',
  full_name: 'Carla Customer',
  email: 'customer@example.com',
  phone: '5550100',
  address: '12 Market Street',
  avatar: '/uploads/carla.png',
  role: 'Customer',
  completed_jobs: 0,
  total_provider_jobs: 0,
  email_notifications: true,
};

export const provider: User = {
  ...customer,
  id: 2,
  first_name: 'Pete',
  last_name: 'Provider',
  full_name: 'Pete Provider',
  email: 'provider@example.com',
  avatar: null,
  role: 'Provider',
  bio: 'Safe driver',
  year_of_exp: 4,
  basic_price: 25,
};

export function makeStore(session: Partial<SessionState> = {}) {
  return configureStore({
    reducer: { session: sessionReducer },
    preloadedState: { session: { ...initialSessionState, ...session } },
  });
}

export type TestStore = ReturnType<typeof makeStore>;

/**
 * Renders a screen at `path` inside a Redux store holding the session slice and a MemoryRouter.
 * Any other path renders a probe with the current pathname.
 */
export function renderWithStore(
  ui: ReactElement,
  { path = '/', session = {}, state }: { path?: string; session?: Partial<SessionState>; state?: unknown } = {},
) {
  const store = makeStore(session);
  const result = render(
    <Provider store={store}>
      <ScreenRouter ui={ui} path={path} state={state} />
    </Provider>,
  );
  return { store, ...result };
}

export const signedIn = (user: User = customer): Partial<SessionState> => ({ isLogin: true, users: user, token: 'tok' });
