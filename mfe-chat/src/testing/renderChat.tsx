import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { createAppStore, type Role, type User } from 'shared';
import { signedInAs } from 'shared/src/testing';
import ChatPage from '../screens/ChatPage';
import { ME_CUSTOMER_ID, ME_PROVIDER_ID } from './fixtures';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The browser's own Back button, for a test to press (the history entry before this one). */
function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" data-testid="browser-back" onClick={() => void navigate(-1)}>
      Browser Back
    </button>
  );
}

/**
 * Renders the chat screen at `route` (e.g. "/chatview/20") for a signed-in Customer (id 10, Cara
 * Customer) or Provider (id 20, Pete Provider), under the contract's path, with a probe showing the
 * current address (any other path shows 'elsewhere').
 */
export function renderChat({
  route = '/chatview',
  role = 'Customer',
  user = {},
  before,
}: {
  route?: string;
  role?: Role;
  user?: Partial<User>;
  /** Addresses visited before `route`; with them, the browser's Back button is there to press (getByTestId('browser-back')). */
  before?: string[];
} = {}) {
  const defaults =
    role === 'Customer'
      ? { id: ME_CUSTOMER_ID, first_name: 'Cara', last_name: 'Customer' }
      : { id: ME_PROVIDER_ID, first_name: 'Pete', last_name: 'Provider' };
  const store = createAppStore(signedInAs(role, { ...defaults, ...user }));
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[...(before ?? []), route]} initialIndex={before?.length ?? 0}>
        <Routes>
          <Route path="/chatview/:username?" element={<ChatPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
        {before ? <BrowserBack /> : null}
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...result };
}
