import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createAppStore, type Role, type User } from 'shared';
import { signedInAs } from 'shared/src/testing';
import { CUSTOMER_ID, PROVIDER_ID } from './fixtures';

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
  /** Provider (user 20) unless told; a Customer is user 10. */
  role?: Role;
  user?: Partial<User>;
}

/**
 * Renders a screen at `path` with a signed-in session and a router; any other path renders a
 * probe with the pathname and navigation state (`screen.getByTestId('location')`).
 */
export function renderScreen(ui: ReactElement, { path = '/', state, role = 'Provider', user = {} }: ScreenOptions = {}) {
  const store = createAppStore(signedInAs(role, { id: role === 'Customer' ? CUSTOMER_ID : PROVIDER_ID, ...user }));
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...result };
}

/** Where the screen has navigated to (the probe's pathname and state). */
export const location = () => ({
  pathname: document.querySelector('[data-testid="location"]')?.textContent ?? null,
  state: JSON.parse(document.querySelector('[data-testid="location-state"]')?.textContent ?? 'null') as unknown,
});
