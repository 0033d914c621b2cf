import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SESSION_STORAGE_KEY, apiClient, type AppNotification, type RemoteContract, type User } from 'shared';
import { makeUser } from 'shared/src/testing';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { ShellApp } from '../App';
import type { RemoteLoader, RemoteName } from '../federation/types';
import { createShellStore } from '../store';
import { forgetPagesShown } from '../routing/pageShown';

const page =
  (title: string): (() => Promise<{ default: ComponentType }>) =>
  () =>
    Promise.resolve({ default: () => <h1>{title}</h1> });

/** Contracts like the real remotes', with screens that just show a heading. */
export function fakeContracts(): Record<RemoteName, RemoteContract> {
  return {
    mfe_auth: {
      name: 'mfe_auth',
      routes: [
        { path: '/login', title: 'Login', public: true, load: page('Login') },
        { path: '/signup', title: 'Sign Up', public: true, load: page('Sign Up') },
        { path: '/forgotpassword', title: 'Forgot Password', public: true, load: page('Forgot Password') },
        { path: '/newpassword', title: 'New Password', public: true, load: page('New Password') },
        { path: '/profile', title: 'My Profile', load: page('My Profile') },
      ],
      widgets: [],
    },
    mfe_customer: {
      name: 'mfe_customer',
      routes: [
        { path: '/service', title: 'All Services', role: 'Customer', load: page('All Services (customer view)') },
        { path: '/activebooking', title: 'Active Bookings', load: page('Active Bookings') },
        { path: '/activebookingdetails', title: 'Booking Details', role: 'Customer', load: page('Customer booking details') },
      ],
      widgets: [{ name: 'HomeBlocks', role: 'Customer', load: page('Customer home blocks') }],
    },
    mfe_provider: {
      name: 'mfe_provider',
      routes: [
        { path: '/service', title: 'All Services', role: 'Provider', load: page('All Services (provider view)') },
        { path: '/activebookingdetails', title: 'Job Details', role: 'Provider', load: page('Provider job details') },
        { path: '/jobrequest', title: 'Job Requests', load: page('Job Requests') },
      ],
      widgets: [{ name: 'HomeBlocks', role: 'Provider', load: page('Provider home blocks') }],
    },
    mfe_chat: {
      name: 'mfe_chat',
      routes: [{ path: '/chatview/:username?', title: 'Chat', load: page('Chat') }],
      widgets: [],
    },
  };
}

/** A loader whose remotes can be "down" (their contract fails) until taken out of `down`. */
export function fakeLoader(contracts = fakeContracts(), down: RemoteName[] = []) {
  const offline = new Set<RemoteName>(down);
  const load = async (name: RemoteName) => {
    if (offline.has(name)) throw new Error(`${name} is down`);
    return contracts[name];
  };
  const loader = { loadContract: jest.fn(load), retryContract: jest.fn(load) } satisfies RemoteLoader;
  return { loader, offline };
}

/** The user stored under authType (what a session started with). */
const storedUser = (): User | null =>
  (JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { users?: User } | null)?.users ?? null;

/**
 * Answers every API call; records them. GET /api/notifications answers `notifications` a page at a time
 * (?page, ?per_page, 50 by default), the first with `meta.unread` counting all unread ones; read-all marks read those
 * from `from_id` to `up_to_id`. GET /api/auth/me answers `me` (by default the stored user, as it was when
 * the session was stored), other GETs [].
 */
export function fakeApi(notifications: AppNotification[] = [], me?: User) {
  const requests: InternalAxiosRequestConfig[] = [];
  let list = notifications;
  const firstPage = () => notificationsPage(list, 1, 50);
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    let data: unknown = { data: (config.method ?? 'get').toLowerCase() === 'get' ? [] : null, message: '' };
    if (config.url === '/api/notifications') {
      const { page = 1, per_page: perPage = 50 } = (config.params ?? {}) as { page?: number; per_page?: number };
      data = notificationsPage(list, page, perPage);
    }
    if (config.url === '/api/notifications/read-all') {
      const { up_to_id: upTo, from_id: from = 1 } = JSON.parse(String(config.data)) as { up_to_id: number; from_id?: number };
      list = list.map((n) => (n.id >= from && n.id <= upTo ? { ...n, read: true } : n));
      data = firstPage();
    }
    if (config.url === '/api/auth/me') data = { data: me ?? storedUser(), message: '' };
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  apiClient.defaults.adapter = adapter;
  return requests;
}

/** A page of `list` (newest first, as the API keeps it), the first with the unread total, as the API answers it. */
function notificationsPage(list: AppNotification[], page: number, perPage: number) {
  const data = list.slice((page - 1) * perPage, page * perPage);
  const meta = { page, per_page: perPage, has_more: list.length > page * perPage };
  return { data, message: '', meta: page === 1 ? { ...meta, unread: list.filter((n) => !n.read).length } : meta };
}

export function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

export interface ShellOptions {
  route?: string;
  /** A signed-in user of this role is stored under authType before the shell starts. */
  role?: 'Customer' | 'Provider';
  user?: Parameters<typeof makeUser>[0];
  notifications?: AppNotification[];
  loader?: RemoteLoader;
}

/** The shell as a tab starts it (store from localStorage, a signed-in user of `role` stored first), without a router. */
export function shellApp({ role, user, notifications = [], loader }: Omit<ShellOptions, 'route'> = {}) {
  forgetPagesShown(); // each render is a tab opened anew
  if (role) {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        isLogin: true,
        users: makeUser({ role, ...user }),
        token: 'tok',
        jobs: [],
        paymentMethod: [],
        notifications,
        UserMessages: [],
        ChatUserData: null,
        providerServiceData: [],
      }),
    );
  }
  const store = createShellStore();
  const remotes = loader ? { loader, offline: new Set<RemoteName>() } : fakeLoader();
  return { app: <ShellApp store={store} loader={remotes.loader} />, store, ...remotes };
}

/** Starts the shell like the browser does (store from localStorage), on a MemoryRouter. */
export function renderShell({ route = '/', ...options }: ShellOptions = {}) {
  const { app, ...shell } = shellApp(options);
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      {app}
      <Where />
    </MemoryRouter>,
  );
  return { ...shell, ...result };
}
