import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { setRuntimeConfig, type RuntimeConfig } from 'shared';
import { ShellApp } from './App';
import { createFederationLoader, DEFAULT_REMOTES, normalizeRemotes } from './federation/runtimeLoader';
import { createShellStore } from './store';

declare global {
  interface Window {
    /** Started by index.html's inline script while the page loads: remotes.json and runtime-config.json. */
    __SHELL_BOOT__?: { remotes: Promise<unknown>; runtimeConfig: Promise<unknown> };
  }
}

/** Reads a JSON file served beside index.html, never from the HTTP cache (the server may rewrite it). */
async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

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
  setRuntimeConfig(config as Partial<RuntimeConfig>);
  const loader = createFederationLoader(remotes);
  const store = createShellStore();
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <BrowserRouter>
      <ShellApp store={store} loader={loader} />
    </BrowserRouter>,
  );
}

void start();
