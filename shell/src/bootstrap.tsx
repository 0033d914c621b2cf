import { startTransition } from 'react';
import type { Role, RuntimeConfig } from 'shared';
import { DEFAULT_REMOTES, normalizeRemotes } from './federation/runtimeLoader';
import { loadLocationModule, startProviderSharing } from './session/providerLocationSharing';
import { carryOver } from './firstFrame/carryOver';

declare global {
  interface Window {
    /** Started by index.html's inline script while the page loads: remotes.json and runtime-config.json. */
    __SHELL_BOOT__?: { remotes: Promise<unknown>; runtimeConfig: Promise<unknown>; signedIn?: boolean; role?: string | null };
  }
}

/** Reads a JSON file served beside index.html, never from the HTTP cache (the server may rewrite it). */
async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** The longest the static first frame stands in for a screen that is still loading. */
const FIRST_FRAME_MAX_MS = 10_000;

/**
 * The server may have put a remote's static first frame of the route into #root (issue 12; see
 * tools/webpack/first-frames). Signed out, the app renders beside it, hidden, and takes its place once it
 * shows more than a loader, so the frame turns into the live screen without a flash of the loader, and
 * with what the visitor typed in the frame meanwhile.
 * Signed in, the frame (hidden by CSS) goes at once: the app sends the visitor elsewhere.
 */
function appContainer(root: HTMLElement, signedIn: boolean): HTMLElement {
  const frame = root.querySelector<HTMLElement>(':scope > [data-first-frame]');
  if (!frame) return root;
  if (signedIn) {
    frame.remove();
    return root;
  }
  const container = document.createElement('div');
  container.hidden = true;
  root.append(container);
  const reveal = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    const giveOver = carryOver(frame, container);
    frame.remove();
    container.hidden = false;
    giveOver();
  };
  const observer = new MutationObserver(() => {
    if (container.firstElementChild && !container.querySelector('.ui-loader')) reveal();
  });
  observer.observe(container, { childList: true, subtree: true });
  const timer = window.setTimeout(reveal, FIRST_FRAME_MAX_MS);
  return container;
}

/** Lets the browser paint and handle input between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // index.html has them on the way already (inlined by the server, or fetched); fetched here otherwise.
  const boot = window.__SHELL_BOOT__;
  const [remotes, config] = await Promise.all([
    (boot?.remotes ?? fetchJson('/remotes.json')).then(normalizeRemotes, (error: unknown) => {
      console.warn('remotes.json unavailable, using defaults', error);
      return DEFAULT_REMOTES;
    }),
    (boot?.runtimeConfig ?? fetchJson('/runtime-config.json')).catch((error: unknown) => {
      console.warn('runtime-config.json unavailable, using defaults', error);
      return {};
    }),
  ]);
  // The start-up work in steps, each its own task instead of one long one (issue 12: total blocking time).
  // "eager": the modules are in this chunk already (no request), only evaluated later.
  // 1. The federation runtime, and the first screen's code starts downloading (its remote's contract, then
  //    its chunks), as the session index.html read says, before anything else is evaluated.
  const [{ createFederationLoader }, { preloadFirstScreen }] = await Promise.all([
    import(/* webpackMode: "eager" */ './federation/runtimeLoader'),
    import(/* webpackMode: "eager" */ './routing/firstScreen'),
  ]);
  const loader = createFederationLoader(remotes);
  preloadFirstScreen(loader, window.location.pathname, { signedIn: boot?.signedIn === true, role: boot?.role as Role });
  await nextTask();
  // 2. The shared package and the store. Signed in, the layout, the API client's axios and Home are needed
  //    at once (index.html has them on the way already; these find them in the cache), and a provider's
  //    location sharing starts (its module is loaded for a provider only, meanwhile).
  if (boot?.signedIn && boot.role === 'Provider') loadLocationModule().catch(() => undefined);
  const [{ preloadApiClient, setRuntimeConfig }, { createShellStore }, { loadComponent }, shellPages] = await Promise.all([
    import(/* webpackMode: "eager" */ 'shared'),
    import(/* webpackMode: "eager" */ './store'),
    import(/* webpackMode: "eager" */ './components/loadedComponents'),
    import(/* webpackMode: "eager" */ './routing/shellPages'),
  ]);
  setRuntimeConfig(config as Partial<RuntimeConfig>);
  const store = createShellStore();
  const { isLogin, users, token } = store.getState().session;
  if (isLogin) {
    preloadApiClient();
    // A provider's location sharing starts before the first render rather than in SessionEffects once the
    // first screen has rendered (where starting it again changes nothing; it stops there on logout): the
    // browser's answers (the tab's lock, the geolocation permission) are in by then, and a notice asking to
    // share comes with the first screen, not after it and its requests (issue 12: on a phone it is the
    // largest paint).
    if (users?.role === 'Provider' && token) {
      await startProviderSharing({ userId: users.id, role: users.role, token });
    }
    loadComponent(shellPages.loadLayout).catch(() => undefined);
    if (window.location.pathname === '/') loadComponent(shellPages.loadHomePage).catch(() => undefined);
  }
  // 3. React DOM, 4. the router and the shell's own modules.
  await nextTask();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const [{ GuardedBrowserRouter }, { ShellApp }] = await Promise.all([
    import(/* webpackMode: "eager" */ './routing/GuardedBrowserRouter'),
    import(/* webpackMode: "eager" */ './App'),
  ]);
  const root = document.getElementById('root');
  if (!root) return;
  const app = createRoot(appContainer(root, isLogin));
  // A transition: React renders the first screen in slices and yields to the browser in between, instead
  // of one long task that blocks input (issue 12: total blocking time).
  startTransition(() => {
    app.render(
      <GuardedBrowserRouter>
        <ShellApp store={store} loader={loader} />
      </GuardedBrowserRouter>,
    );
  });
}

void start();
