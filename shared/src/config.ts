/**
 * Runtime configuration, read by the shell at start (served beside index.html, overridable by
 * environment when served) and handed to `setRuntimeConfig`. Nothing here is baked into a build.
 */
export interface RuntimeConfig {
  /** Base URL of the product's API, e.g. "http://localhost:4000". Image paths are prefixed with it. */
  apiUrl: string;
  realtime: {
    key: string;
    wsHost: string;
    wsPort: number;
    forceTLS: boolean;
    cluster: string;
  };
  firebase: {
    databaseURL: string;
    /** Host and port of the local emulator (firebase-server); omitted for a real project. */
    emulatorHost?: string;
    emulatorPort?: number;
    projectId?: string;
    apiKey?: string;
  };
  /** Stripe publishable key; when empty the sandbox checkout of our API is used. */
  stripePublishableKey: string;
  /** Google Maps key; when empty the map shows the offline fallback panel. */
  mapsApiKey: string;
  /** The API's limit of one uploaded file (its MAX_UPLOAD_BYTES): a bigger one is refused when chosen. */
  maxUploadBytes: number;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiUrl: 'http://localhost:4000',
  realtime: { key: 'app-key', wsHost: 'localhost', wsPort: 6001, forceTLS: false, cluster: 'mt1' },
  firebase: { databaseURL: 'ws://localhost:9000', emulatorHost: 'localhost', emulatorPort: 9000, projectId: 'marketplace' },
  stripePublishableKey: '',
  mapsApiKey: '',
  maxUploadBytes: 5 * 1024 * 1024,
};

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

export function setRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  current = {
    ...DEFAULT_RUNTIME_CONFIG,
    ...config,
    realtime: { ...DEFAULT_RUNTIME_CONFIG.realtime, ...config.realtime },
    firebase: { ...DEFAULT_RUNTIME_CONFIG.firebase, ...config.firebase },
  };
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

/** Image paths from the API are relative to its host (spec section 9). */
export function assetUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${current.apiUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}
