import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createAppStore, type Role, type User } from 'shared';
import { makeUser, signedInAs } from 'shared/src/testing';

/** Shows where the screen navigated to and with which state, as a user reading the address bar would. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="location">{location.pathname}</p>
      <p data-testid="location-state">{JSON.stringify(location.state ?? null)}</p>
    </div>
  );
}

export interface ScreenOptions {
  /** Where the screen is mounted (its route path). */
  path?: string;
  /** Navigation state the screen was opened with. */
  state?: unknown;
  /** The query string of the address (e.g. '?job=4' from a link in an e-mail). */
  search?: string;
  role?: Role;
  user?: Partial<User>;
  /** Paths visited before the screen (for Go Back). */
  before?: string[];
}

/**
 * Renders a screen at `path` with a signed-in session and a router; any other path renders a
 * probe with the pathname and navigation state (`screen.getByTestId('location')`).
 */
export function renderScreen(
  ui: ReactElement,
  { path = '/', state, search = '', role = 'Customer', user = {}, before = [] }: ScreenOptions = {},
) {
  const store = createAppStore(signedInAs(role, { id: role === 'Customer' ? 10 : 20, ...user }));
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[...before, { pathname: path, search, state }]} initialIndex={before.length}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...result };
}

export { makeUser };
