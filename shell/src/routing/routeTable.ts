import type { RemoteContract, RemoteRoute, RemoteWidget, Role } from 'shared';
import type { RemoteName } from '../federation/types';

/** The exact public routes (spec section 2); any other path while logged out redirects to /login. */
export const PUBLIC_PATHS = ['/login', '/signup', '/forgotpassword', '/newpassword'] as const;

export interface OwnedRoute {
  path: string;
  title: string;
  remote: RemoteName;
  role?: Role;
  public?: boolean;
}

/**
 * Who serves which route (docs/architecture.md, 'How the page is composed'). The shell knows this without the
 * remotes, so a route whose remote is down still shows a clear message (instead of "unknown path"); the
 * remote's contract supplies the screens and may add routes of its own.
 */
export const ROUTE_TABLE: readonly OwnedRoute[] = [
  { path: '/login', title: 'Login', remote: 'mfe_auth', public: true },
  { path: '/signup', title: 'Sign Up', remote: 'mfe_auth', public: true },
  { path: '/forgotpassword', title: 'Forgot Password', remote: 'mfe_auth', public: true },
  { path: '/newpassword', title: 'New Password', remote: 'mfe_auth', public: true },
  { path: '/profile', title: 'My Profile', remote: 'mfe_auth' },
  { path: '/editprofile', title: 'Edit Profile', remote: 'mfe_auth' },
  { path: '/payment', title: 'Payments', remote: 'mfe_auth' },
  { path: '/newpaymentmethod', title: 'Edit Payment', remote: 'mfe_auth' },
  { path: '/service', title: 'All Services', remote: 'mfe_customer', role: 'Customer' },
  { path: '/service', title: 'All Services', remote: 'mfe_provider', role: 'Provider' },
  { path: '/drivebooking', title: 'Book a Driver', remote: 'mfe_customer' },
  { path: '/providerprofile', title: 'Provider Profile', remote: 'mfe_customer' },
  { path: '/activebooking', title: 'Active Bookings', remote: 'mfe_customer' },
  { path: '/previousbooking', title: 'Previous Bookings', remote: 'mfe_customer' },
  { path: '/activebookingdetails', title: 'Booking Details', remote: 'mfe_customer', role: 'Customer' },
  { path: '/activebookingdetails', title: 'Job Details', remote: 'mfe_provider', role: 'Provider' },
  { path: '/requestconfirmation', title: 'Request Confirmation', remote: 'mfe_customer' },
  { path: '/bookingfinished', title: 'Rate your Booking', remote: 'mfe_customer' },
  { path: '/viewonmap', title: 'View on Map', remote: 'mfe_customer' },
  { path: '/jobrequest', title: 'Job Requests', remote: 'mfe_provider' },
  { path: '/jobrequestdetails', title: 'Job Request Details', remote: 'mfe_provider' },
  { path: '/deliveryconfirmation', title: 'Delivery Confirmation', remote: 'mfe_provider' },
  { path: '/provideractivebookingdetails', title: 'Job Details', remote: 'mfe_provider' },
  { path: '/ridefinished', title: 'Ride Finished', remote: 'mfe_provider' },
  { path: '/chatview/:username?', title: 'Chat', remote: 'mfe_chat' },
];

/** "Customer view for role Customer, provider view otherwise" (spec section 2). */
export const viewRoleOf = (role: Role | null | undefined): Role => (role === 'Customer' ? 'Customer' : 'Provider');

/** Picks the one entry for a path and a role: the entry for the role, else the role-less one. */
export function pickForRole<T extends { role?: Role }>(entries: readonly T[], role: Role | null | undefined): T | undefined {
  const view = viewRoleOf(role);
  return entries.find((e) => e.role === view) ?? entries.find((e) => !e.role);
}

/** A contract's widget of that name for the role: one restricted to the role, or one for both roles. */
export function widgetFor(contract: RemoteContract, name: string, role: Role | null | undefined): RemoteWidget | undefined {
  return contract.widgets.find((w) => w.name === name && (!w.role || !role || w.role === role));
}

/** Signed-in paths: the table's plus the ones the loaded contracts declare, without duplicates. */
export function signedInPaths(contractRoutes: readonly RemoteRoute[]): string[] {
  const paths = [
    ...ROUTE_TABLE.filter((r) => !r.public).map((r) => r.path),
    ...contractRoutes.filter((r) => !r.public).map((r) => r.path),
  ];
  return [...new Set(paths)].filter((p) => !(PUBLIC_PATHS as readonly string[]).includes(p) && p !== '/');
}
