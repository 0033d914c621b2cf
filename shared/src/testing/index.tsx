/**
 * Test helpers for every app's Jest suite (never imported by app code):
 *
 *   import { renderWithProviders, signedInAs } from 'shared/src/testing';
 *   const { store } = renderWithProviders(<MyScreen />, { session: signedInAs('Provider'), route: '/jobrequest' });
 */
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';
import type { Job, Role, User } from '../contracts';
import type { SessionState } from '../session/sessionSlice';
import { createAppStore, type AppStore } from '../session/store';

export interface RenderOptions {
  /** Preloaded session (merged over the logged-out state). */
  session?: Partial<SessionState>;
  /** Initial location: a path or `{ pathname, state }` (screens read navigation state). */
  route?: InitialEntry;
  /** Route pattern to mount the UI under, for screens that read params (e.g. "/chatview/:username?"). */
  path?: string;
  /** Use an existing store instead of a new one. */
  store?: AppStore;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult & { store: AppStore } {
  const store = options.store ?? createAppStore(options.session);
  const content = options.path ? (
    <Routes>
      <Route path={options.path} element={ui} />
      <Route path="*" element={<div data-testid="elsewhere" />} />
    </Routes>
  ) : (
    ui
  );
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{content}</MemoryRouter>
    </Provider>,
  );
  return { store, ...result };
}

/** A user entity with sensible defaults. */
export function makeUser(overrides: Partial<User> = {}): User {
  const first = overrides.first_name ?? 'Cora';
  const last = overrides.last_name ?? 'Tester';
  return {
    id: 1,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    email: 'cora@example.com',
    phone: null,
    address: null,
    avatar: null,
    role: 'Customer',
    completed_jobs: 0,
    email_notifications: true,
    total_provider_jobs: 0,
    ...overrides,
  };
}

/** A signed-in session for a role (Customer by default). */
export function signedInAs(role: Role = 'Customer', user: Partial<User> = {}): Partial<SessionState> {
  return { isLogin: true, token: 'test-token', users: makeUser({ role, ...user }) };
}

/** The customer (10) and provider (20) of `makeJob`'s jobs. */
export const TEST_CUSTOMER_ID = 10;
export const TEST_PROVIDER_ID = 20;

/** The overrides that give a `makeJob` job another provider, by id and name (no avatar, no rating yet). */
export function byProvider(id: number, full_name: string): Pick<Job, 'provider_id' | 'provider'> {
  return { provider_id: id, provider: { id, full_name, avatar: null, rating: null } };
}

/** A job between the test customer and the test provider: Pending, Driver, $25, unless overridden. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  const id = overrides.id ?? 1;
  return {
    id,
    status: 'Pending',
    service_id: 1,
    service_name: 'Driver',
    provider_id: TEST_PROVIDER_ID,
    customer_id: TEST_CUSTOMER_ID,
    customer: { id: TEST_CUSTOMER_ID, full_name: 'Asha Verma', first_name: 'Asha', avatar: null },
    provider: { id: TEST_PROVIDER_ID, full_name: 'Ravi Kumar', avatar: null, rating: null },
    address: '12 MG Road',
    destination_address: 'Airport Terminal 1',
    destination_lat: null,
    destination_lng: null,
    lat: null,
    lng: null,
    price: 25,
    duration: null,
    day: null,
    date: null,
    time: null,
    custom_time: null,
    created_at: `2025-03-0${Math.min(id, 9)}T14:07:00.000Z`,
    updated_at: '2025-03-05T14:07:00.000Z',
    rating: null,
    refunded: false,
    ...overrides,
  };
}
