/**
 * A long session: a customer moving between screens for an hour. Measured with Chromium's own counters
 * (DevTools protocol), nothing exposed by the app: after a warm-up round, further rounds through every
 * screen leave no more window or document listeners behind, the location connections View on Map opened
 * and closed are not kept in memory, and the page keeps one realtime connection on one channel.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CDPSession, Page } from 'playwright-core';
import { apiCall, openPage, signInDirectly, useBrowser } from '../support/app.ts';
import { bookViaApi, customerWithCards, GOOD_CARD, providerOffering } from '../support/bookings.ts';

const browser = useBrowser();

/** The realtime server's own stats (connections and channels), on the port runtime-config.json names. */
async function realtimeStats(page: Page): Promise<{ connections: number; channels: number }> {
  const config = await page.evaluate(async () => (await fetch('/runtime-config.json', { cache: 'no-store' })).json());
  const { wsHost, wsPort } = (config as { realtime: { wsHost: string; wsPort: number } }).realtime;
  const response = await fetch(`http://${wsHost}:${wsPort}/`);
  return (await response.json()) as { connections: number; channels: number };
}

/** Moves inside the app as its links do (history push and the router's popstate), without a reload. */
async function goInApp(page: Page, path: string, title: string) {
  await page.evaluate((to) => {
    window.history.pushState({ usr: undefined, key: Math.random().toString(36).slice(2), idx: window.history.length }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForFunction((expected) => document.title.startsWith(`${expected} ·`), title);
}

/** The event listeners on window and on document, by type (sorted, so that two readings compare as text). */
async function listenerTypes(cdp: CDPSession): Promise<{ window: string; document: string }> {
  const types: Record<string, string> = {};
  for (const target of ['window', 'document']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: target });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    types[target] = listeners
      .map((l) => l.type)
      .sort()
      .join(',');
  }
  return { window: types.window, document: types.document };
}

/** Which of `needles` are still in the page's JavaScript heap, after a garbage collection. */
async function stillInHeap(cdp: CDPSession, needles: string[]): Promise<string[]> {
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const strings = (JSON.parse(chunks.join('')) as { strings: string[] }).strings;
  return needles.filter((needle) => strings.some((s) => s.includes(needle)));
}

describe('a long session', () => {
  it("a customer's rounds through every screen, View on Map included, leave no listeners or connections behind", async () => {
    const provider = await providerOffering('Driver', 30, { last_name: `Round${Date.now() % 100000}` });
    const customer = await customerWithCards([GOOD_CARD]);
    const jobId = await bookViaApi(customer, provider);
    assert.equal((await apiCall('PATCH', `/api/jobs/${jobId}`, { status: 'Accepted' }, provider.token)).status, 200);

    const { page, context, errors } = await openPage(browser());
    await signInDirectly(page, customer.account);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Home' }).first().waitFor();
    const cdp = await context.newCDPSession(page);
    // Each visit of View on Map opens a location connection with a token of its own.
    const locationTokens: string[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('/api/location/token')) return;
      void response
        .json()
        .then((body: { data: { token: string } }) => locationTokens.push(body.data.token))
        .catch(() => undefined);
    });
    const mapStatus = page.getByRole('status', { name: 'Map status' });

    const round = async () => {
      await goInApp(page, '/service', 'All Services');
      await goInApp(page, '/activebooking', 'Active Bookings');
      await goInApp(page, `/activebookingdetails?job=${jobId}`, 'Booking Details');
      await goInApp(page, `/viewonmap?job=${jobId}`, 'View on Map');
      // Connected to the location service (the provider has not shared a position).
      await mapStatus.getByText(`${provider.fullName} has not shared a position yet.`, { exact: false }).waitFor();
      await goInApp(page, `/chatview/${provider.id}`, 'Chat');
      await page.getByRole('textbox').first().waitFor();
      await goInApp(page, '/notification', 'Your Notifications');
      await goInApp(page, '/profile', 'My Profile');
      await goInApp(page, '/previousbooking', 'Previous Bookings');
      await goInApp(page, '/', 'Home');
      await page.getByRole('heading', { name: 'Home' }).first().waitFor();
      // Closing connections finish on their own; the counts are read once they have.
      await page.waitForTimeout(1000);
    };

    await round(); // warm-up: every remote and chunk loaded, the realtime channel subscribed
    const warm = await listenerTypes(cdp);
    for (let i = 0; i < 3; i += 1) await round();
    const after = await listenerTypes(cdp);

    // Each visit of View on Map (a location connection) used to add window online/offline and document
    // visibilitychange listeners that stayed: 6 window and 1 document listener more per round.
    assert.equal(after.window, warm.window, 'window listeners after 3 more rounds');
    assert.equal(after.document, warm.document, 'document listeners after 3 more rounds');
    // The closed connections are let go: before, every one stayed in memory (4 tokens of 4 visits).
    assert.ok(locationTokens.length >= 4, `a location token per visit of View on Map (${locationTokens.length})`);
    // A connection takes a few seconds to wind down after its screen closed; then at most the first and
    // the last are still referenced (the SDK's first set-up, the last answer).
    let kept = await stillInHeap(cdp, locationTokens);
    for (let attempt = 0; kept.length > 2 && attempt < 15; attempt += 1) {
      await page.waitForTimeout(1000);
      kept = await stillInHeap(cdp, locationTokens);
    }
    assert.ok(kept.length <= 2, `location connections kept in memory: ${kept.length} of ${locationTokens.length}`);
    const realtime = await realtimeStats(page);
    assert.deepEqual({ connections: realtime.connections, channels: realtime.channels }, { connections: 1, channels: 1 });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
