// The lists a provider watches are kept live by the realtime channel; when it reconnects they are
// fetched again quietly. If that fetch fails the list shown stays, and the page says it could not be
// refreshed, with a Retry that brings what was missed.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { WebSocketRoute } from 'playwright-core';
import { openPage, PHONE, signInDirectly, snap, until, useBrowser } from '../support/app.ts';
import { bookViaApi, customerWithCards, GOOD_CARD, providerOffering } from '../support/bookings.ts';

const browser = useBrowser();

describe('a list whose refresh fails', () => {
  it('Job Requests keeps what it shows, says it could not be refreshed, and Retry brings the request missed meanwhile', async () => {
    const provider = await providerOffering('Driver', 25, {
      first_name: 'Rafi',
      last_name: `Refresh${randomUUID().slice(0, 6)}`,
    });
    const first = await customerWithCards([GOOD_CARD], { first_name: 'Una', last_name: `First${randomUUID().slice(0, 6)}` });
    const missed = await customerWithCards([GOOD_CARD], { first_name: 'Ivo', last_name: `Missed${randomUUID().slice(0, 6)}` });
    await bookViaApi(first, provider);

    const { page, context, errors } = await openPage(browser(), PHONE);
    // The realtime connection goes through the test, which can drop it as a tunnel would.
    const sockets: WebSocketRoute[] = [];
    let tunnel = false;
    await page.routeWebSocket(/\/app\//, (ws) => {
      if (tunnel) return void ws.close();
      ws.connectToServer();
      sockets.push(ws);
    });
    await signInDirectly(page, provider.account);
    await page.goto('/jobrequest');
    const requests = page.getByRole('list', { name: 'Job requests' });
    await requests.getByRole('listitem', { name: first.fullName }).waitFor();

    // The connection drops while the API cannot be reached; a booking is made meanwhile, its event lost.
    let dropped = false;
    let refusedAfterReconnect = 0;
    await page.route('**/api/jobs?**', (route) => {
      if (dropped && sockets.length > 0) refusedAfterReconnect += 1;
      return route.abort();
    });
    tunnel = true;
    for (const ws of sockets.splice(0)) await ws.close();
    dropped = true;
    await bookViaApi(missed, provider);
    tunnel = false;
    const failure = page.getByText('The job requests could not be refreshed.');
    await failure.waitFor({ timeout: 15_000 });
    // The failure shown is the reconnection's read (not a late read of the first connection), so no read of
    // the channel is still to come once the API is back: only Retry can bring the missed request.
    await until(page, () => refusedAfterReconnect > 0, 15_000);
    assert.ok(refusedAfterReconnect > 0, 'the reconnected channel read the list again');
    await snap(page, 'job-requests-not-refreshed');
    assert.equal(await requests.getByRole('listitem', { name: first.fullName }).isVisible(), true, 'the list shown went');
    assert.equal(await requests.getByRole('listitem', { name: missed.fullName }).count(), 0, 'the missed request came anyway');

    await page.unroute('**/api/jobs?**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await requests.getByRole('listitem', { name: missed.fullName }).waitFor();
    await failure.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
