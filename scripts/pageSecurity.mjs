// The security headers of the app as it is served: the shell's page gets a Content-Security-Policy that
// lets it load only what the product is made of (its own origin, the remotes' origins, the API, the
// realtime and location servers, and Stripe or Google Maps when a key is configured), with a fresh nonce
// for the page's own inline scripts; every file of every app is sent with `nosniff`. The session token
// lives in localStorage (the spec's `authType`), so a script injected into a page must not run.
import { randomBytes } from 'node:crypto';
import helmet from 'helmet';

/** Hosts Stripe.js needs (Stripe's CSP guide), used only when a publishable key is configured. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Hosts the Maps JavaScript API needs (Google's CSP guide for it), used only when a key is configured. */
const GOOGLE_MAPS = {
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.ggpht.com'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
  frame: ['https://*.google.com'],
};

function originOf(url) {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The location server's sources. The Firebase SDK talks over a WebSocket and falls back to long polling,
 * which loads scripts from the same server; a real database may hand the client over to another host of
 * its domain, hence the domain's wildcard.
 */
function locationSources(firebase = {}) {
  if (firebase.emulatorHost) {
    const hostPort = `${firebase.emulatorHost}:${firebase.emulatorPort}`;
    return { connect: [`ws://${hostPort}`, `http://${hostPort}`], script: [`http://${hostPort}`] };
  }
  let host;
  try {
    host = new URL(firebase.databaseURL).host;
  } catch {
    return { connect: [], script: [] };
  }
  const domain = host.split('.').slice(1).join('.');
  const hosts = domain.includes('.') ? [host, `*.${domain}`] : [host];
  return {
    connect: hosts.flatMap((h) => [`https://${h}`, `wss://${h}`]),
    script: hosts.map((h) => `https://${h}`),
  };
}

/** The realtime server, over ws or wss: pusher-js switches to TLS on an https page by itself. */
function realtimeSources(realtime = {}) {
  if (!realtime.wsHost) return [];
  const hostPort = `${realtime.wsHost}:${realtime.wsPort}`;
  return realtime.forceTLS ? [`wss://${hostPort}`] : [`ws://${hostPort}`, `wss://${hostPort}`];
}

const unique = (...lists) => [...new Set(lists.flat().filter(Boolean))];

/**
 * The page's policy, without the nonce: derived from the same remotes.json and runtime-config.json the
 * page boots with, so pointing a remote or the API elsewhere needs no change here.
 */
export function pageDirectives({ remotes, runtimeConfig }) {
  const remoteOrigins = unique(Object.values(remotes ?? {}).map(originOf));
  const api = originOf(runtimeConfig?.apiUrl);
  const location = locationSources(runtimeConfig?.firebase);
  const stripe = runtimeConfig?.stripePublishableKey ? STRIPE : {};
  const maps = runtimeConfig?.mapsApiKey ? GOOGLE_MAPS : {};
  const frames = unique(stripe.frame ?? [], maps.frame ?? []);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: unique(["'self'"], remoteOrigins, location.script, stripe.script ?? [], maps.script ?? []),
    // React and the remotes set style attributes, and the first frame's markup carries some.
    styleSrc: unique(["'self'", "'unsafe-inline'"], remoteOrigins, maps.style ?? []),
    imgSrc: unique(["'self'", 'data:', 'blob:', api], remoteOrigins, maps.img ?? []),
    fontSrc: unique(["'self'", 'data:'], remoteOrigins, maps.font ?? []),
    mediaSrc: unique(["'self'", 'blob:', api]),
    connectSrc: unique(
      ["'self'", api],
      remoteOrigins,
      realtimeSources(runtimeConfig?.realtime),
      location.connect,
      stripe.connect ?? [],
      maps.connect ?? [],
    ),
    ...(frames.length ? { frameSrc: frames } : {}),
    ...(maps.script ? { workerSrc: ["'self'", 'blob:'] } : {}),
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // What the policy refuses reaches the API's log (api/src/routes/cspReports.ts). report-uri, not the
    // Reporting API's report-to: every browser sends these at once; report-to batches them for up to a
    // minute, and Firefox does not send it for CSP.
    ...(api ? { reportUri: [`${api}/api/csp-reports`] } : {}),
  };
}

/** The page with `nonce` on each of its script elements (the built page's inline start-up scripts). */
export function withScriptNonce(html, nonce) {
  return html.replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`);
}

/** The page's headers that do not depend on the request: helmet's, built once. */
const pageHeaders = helmet({
  // Set per request by securePage, with the page's sources and nonce.
  contentSecurityPolicy: false,
  // A card provider's 3-D Secure check may open a window of its own.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // The browser's default; Google Maps keys restricted by referrer need the page's origin.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // TLS, and so HSTS, belongs to whatever terminates it in front of these servers.
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
});

/**
 * Sets the page's headers on `res` and returns the nonce its scripts must carry. The policy is made per
 * page, as the page's remotes and runtime configuration are read per request.
 */
export function securePage(req, res, boot) {
  const nonce = randomBytes(16).toString('base64');
  const directives = pageDirectives(boot);
  directives.scriptSrc = [...directives.scriptSrc, `'nonce-${nonce}'`];
  pageHeaders(req, res, () => undefined);
  helmet.contentSecurityPolicy({ useDefaults: false, directives })(req, res, () => undefined);
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
  return nonce;
}

/** Headers every file of every app is sent with. */
export function secureFile(res) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
}
