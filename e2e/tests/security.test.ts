// The app's pages as a browser receives them: a Content-Security-Policy that names what the product is
// made of, a fresh nonce for the page's own scripts on every load, and a script injected into a signed-in
// page (where the session token sits in localStorage) that does not run. That the policy refuses nothing
// the app needs is checked on every route in both roles by the a11y.*.test.ts walk, and in every flow that asserts
// `errors` is empty (support/app.ts collects the policy's refusals there).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageDirectives } from '../../scripts/pageSecurity.mjs';
import { API_URL, BASE_URL, createAccount, openPage, signInDirectly, until, useBrowser } from '../support/app.ts';

const browser = useBrowser();

interface CspReport {
  directive: string;
  blocked: string;
  document: string;
}

/** The API's newest CSP reports that match, once there are `count` of them (development route). */
async function waitForCspReports(matches: (report: CspReport) => boolean, count: number): Promise<CspReport[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { data } = (await (await fetch(`${API_URL}/api/dev/csp-reports`)).json()) as { data: CspReport[] };
    const found = data.filter(matches);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function fetchPage(path: string) {
  const response = await fetch(`${BASE_URL}${path}`);
  assert.equal(response.status, 200);
  return { headers: response.headers, html: await response.text() };
}

/** The policy's directives by name, e.g. `script-src` → its sources. */
function parsePolicy(header: string | null): Map<string, string[]> {
  assert.ok(header, 'the page has no Content-Security-Policy');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

const LOCAL_BOOT = {
  remotes: { mfe_auth: 'http://localhost:3001/remoteEntry.js', mfe_chat: 'https://chat.cdn.example/mf-manifest.json' },
  runtimeConfig: {
    apiUrl: 'http://localhost:4000',
    realtime: { wsHost: 'localhost', wsPort: 6001, forceTLS: false },
    firebase: { databaseURL: 'ws://localhost:9000', emulatorHost: 'localhost', emulatorPort: 9000 },
    stripePublishableKey: '',
    mapsApiKey: '',
  },
};

describe('the page’s content security policy', () => {
  it('names the remotes’ origins, the API and the realtime and location servers, and nothing else outside the page', () => {
    const policy = pageDirectives(LOCAL_BOOT);
    assert.deepEqual(policy.scriptSrc, ["'self'", 'http://localhost:3001', 'https://chat.cdn.example', 'http://localhost:9000']);
    assert.deepEqual(policy.connectSrc, [
      "'self'",
      'http://localhost:4000',
      'http://localhost:3001',
      'https://chat.cdn.example',
      'ws://localhost:6001',
      'wss://localhost:6001',
      'ws://localhost:9000',
      'http://localhost:9000',
    ]);
    assert.ok(policy.imgSrc.includes('http://localhost:4000'), 'avatars and icons come from the API');
    assert.equal(policy.frameSrc, undefined, 'no card provider: nothing may be framed');
    assert.deepEqual(policy.frameAncestors, ["'none'"]);
    assert.deepEqual(policy.objectSrc, ["'none'"]);
    assert.deepEqual(policy.reportUri, ['http://localhost:4000/api/csp-reports'], 'refusals are reported to the API');
  });

  it('lets in Stripe, Google Maps and a real Firebase database only when they are configured', () => {
    const policy = pageDirectives({
      ...LOCAL_BOOT,
      runtimeConfig: {
        ...LOCAL_BOOT.runtimeConfig,
        realtime: { wsHost: 'ws.example.com', wsPort: 443, forceTLS: true },
        firebase: { databaseURL: 'https://shop-rtdb.europe-west1.firebasedatabase.app' },
        stripePublishableKey: 'pk_live_x',
        mapsApiKey: 'maps-key',
      },
    });
    for (const source of [
      'https://js.stripe.com',
      'https://*.googleapis.com',
      'https://shop-rtdb.europe-west1.firebasedatabase.app',
    ])
      assert.ok(policy.scriptSrc.includes(source), `script-src lacks ${source}`);
    assert.ok(policy.connectSrc.includes('wss://ws.example.com:443'));
    assert.ok(!policy.connectSrc.includes('ws://ws.example.com:443'), 'a TLS-only realtime server is not reached in clear');
    assert.ok(policy.connectSrc.includes('wss://*.europe-west1.firebasedatabase.app'));
    assert.ok(policy.connectSrc.includes('https://api.stripe.com'));
    assert.ok(policy.frameSrc?.includes('https://hooks.stripe.com'));
    assert.ok(!pageDirectives(LOCAL_BOOT).scriptSrc.some((source) => source.includes('stripe') || source.includes('google')));
  });

  it('is sent with every page, with a nonce of its own that each of the page’s scripts carries', async () => {
    const first = await fetchPage('/login');
    const second = await fetchPage('/activebooking');
    const nonces = [first, second].map(({ headers, html }) => {
      const scriptSrc = parsePolicy(headers.get('content-security-policy')).get('script-src') ?? [];
      const nonce = scriptSrc.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
      assert.ok(nonce, `script-src has no nonce: ${scriptSrc.join(' ')}`);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      assert.ok(scripts.length >= 2, 'the page has its start-up scripts');
      for (const tag of scripts) assert.ok(tag.includes(`nonce="${nonce}"`), `${tag} lacks the page's nonce`);
      assert.equal(headers.get('x-frame-options'), 'DENY');
      assert.equal(headers.get('x-content-type-options'), 'nosniff');
      return nonce;
    });
    assert.notEqual(nonces[0], nonces[1], 'each page load gets a fresh nonce');
    const remotes = (await (await fetch(`${BASE_URL}/remotes.json`)).json()) as Record<string, string>;
    const remoteEntry = await fetch(remotes.mfe_customer);
    assert.equal(remoteEntry.headers.get('x-content-type-options'), 'nosniff');
  });

  it('keeps a script injected into a signed-in page from running, while the app goes on working', async () => {
    const account = await createAccount('Customer', { first_name: 'Cora', last_name: 'Csp' });
    const { context, page, errors } = await openPage(browser());
    try {
      await signInDirectly(page, account);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      await page.evaluate(() => {
        const target = document.querySelector('main') ?? document.body;
        target.insertAdjacentHTML('beforeend', '<img src="/no-such-image" onerror="window.__injected = \'handler\'">');
        target.append(document.createRange().createContextualFragment('<script>window.__injected = "script";</script>'));
      });
      // Both refusals reach the console (the handler's only once the image has failed to load).
      const refusals = () => errors.filter((error) => error.includes('Content Security Policy')).length;
      await until(page, () => refusals() >= 2, 5_000);
      assert.equal(await page.evaluate(() => (window as { __injected?: string }).__injected), undefined);
      assert.equal(refusals(), 2, errors.join('\n'));
      // The browser reported both refusals to the API, which logs them for the operators.
      const reported = await waitForCspReports((report) => report.document === `${BASE_URL}/` && report.blocked === 'inline', 2);
      assert.deepEqual(reported.map((report) => report.directive).sort(), ['script-src-attr', 'script-src-elem']);
      // The app's own scripts still load: a screen of another remote opens.
      await page.getByRole('link', { name: 'Contact Us' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
      assert.equal(errors.length, 2, errors.join('\n'));
    } finally {
      await context.close();
    }
  });
});
