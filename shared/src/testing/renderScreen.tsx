import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Role, User } from '../contracts';
import { createAppStore } from '../session/store';
import { signedInAs, TEST_CUSTOMER_ID, TEST_PROVIDER_ID } from './index';

/** Shows where the screen navigated to and with which state, as a user reading the address bar would. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="location">{location.pathname}</p>
      <p data-testid="location-state">{JSON.stringify(location.state ?? null)}</p>
    </div>
  );
}

/** Where the screen has navigated to (the probe's pathname and state). */
export const location = () => ({
  pathname: document.querySelector('[data-testid="location"]')?.textContent ?? null,
  state: JSON.parse(document.querySelector('[data-testid="location-state"]')?.textContent ?? 'null') as unknown,
});

/** A screen mounted at `path`, with a LocationProbe on every other path, for the given history. */
export function ScreenRouter({
  ui,
  path,
  state,
  search = '',
  before = [],
}: {
  ui: ReactElement;
  path: string;
  state?: unknown;
  search?: string;
  before?: string[];
}) {
  return (
    <MemoryRouter initialEntries={[...before, { pathname: path, search, state }]} initialIndex={before.length}>
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>
  );
}

export interface ScreenOptions {
  /** Where the screen is mounted (its route path). */
  path?: string;
  /** Navigation state the screen was opened with. */
  state?: unknown;
  /** The query string of the address (e.g. '?job=4' from a link in an e-mail). */
  search?: string;
  /** Signed in as this role: a Customer is user TEST_CUSTOMER_ID, a Provider TEST_PROVIDER_ID. */
  role?: Role;
  user?: Partial<User>;
  /** Paths visited before the screen (for Go Back). */
  before?: string[];
}

/**
 * Renders a screen at `path` with a signed-in session and a router; any other path renders a
 * probe with the pathname and navigation state (`screen.getByTestId('location')`, `location()`).
 */
export function renderScreen(ui: ReactElement, { path = '/', role = 'Customer', user = {}, ...route }: ScreenOptions = {}) {
  const store = createAppStore(signedInAs(role, { id: role === 'Customer' ? TEST_CUSTOMER_ID : TEST_PROVIDER_ID, ...user }));
  const result = render(
    <Provider store={store}>
      <ScreenRouter ui={ui} path={path} {...route} />
    </Provider>,
  );
  return { store, ...result };
}
