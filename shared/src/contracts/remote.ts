import type { ComponentType } from 'react';
import type { Role } from './entities';

/**
 * The id of the page's main content (the shell's <main>, focusable): where the focus goes when the
 * control that had it is gone, and where the skip link leads.
 */
export const MAIN_CONTENT_ID = 'main-content';

/** A route a remote serves; the shell mounts it under its guard and layout. */
export interface RemoteRoute {
  /** Path as in spec section 2, e.g. "/profile" or "/chatview/:username?". */
  path: string;
  /** Spec title of the screen (used for placeholders and document titles). */
  title: string;
  /** Public route (only /login, /signup, /forgotpassword, /newpassword): mounted outside the signed-in layout. */
  public?: boolean;
  /** Restrict to one role; omitted means both roles. */
  role?: Role;
  /** Lazily loaded screen component. */
  load: () => Promise<{ default: ComponentType }>;
}

/** A widget a remote offers for the shell to place inside its own pages (e.g. home blocks). */
export interface RemoteWidget {
  name: string;
  role?: Role;
  load: () => Promise<{ default: ComponentType }>;
}

/** The module every remote exposes as `./contract`. */
export interface RemoteContract {
  name: 'mfe_auth' | 'mfe_customer' | 'mfe_provider' | 'mfe_chat';
  routes: RemoteRoute[];
  widgets: RemoteWidget[];
}
