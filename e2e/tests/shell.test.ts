// The federated foundation in a real browser: the guard, the layout, logout, a corrupt session, React
// loaded once, and a remote that is down while the rest of the app keeps working.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createAccount, openPage, signInDirectly, startRemote, stopRemote, useBrowser } from '../support/app.ts';

const browser = useBrowser();

const sidebar = (page: Page) => page.getByRole('navigation');

describe('route guard', () => {
  it('sends a logged-out visitor of a signed-in route to /login, and keeps the public routes public', async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto('/activebooking');
    await page.waitForURL('**/login');
    for (const route of ['/signup', '/forgotpassword', '/newpassword']) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      assert.equal(new URL(page.url()).pathname, route);
    }
    await page.goto('/no-such-page');
    await page.waitForURL('**/login');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('sends a signed-in user on an unknown path to the home page', async () => {
    const { page, context } = await openPage(browser());
    await signInDirectly(page, await createAccount('Customer'));
    await page.goto('/no-such-page');
    await page.waitForURL((url) => url.pathname === '/');
    await assert.doesNotReject(page.getByRole('heading', { name: 'Home' }).first().waitFor());
    await context.close();
  });

  it('resets a corrupt session under authType to logged out instead of crashing', async () => {
    const { page, context, errors } = await openPage(browser());
    await context.addInitScript(() => window.localStorage.setItem('authType', '{"isLogin":true,'));
    await page.goto('/profile');
    await page.waitForURL('**/login');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('signed-in layout', () => {
  it('shows the sidebar, the user, the bell and the customer dashboard title', async () => {
    const { page, context } = await openPage(browser());
    const account = await createAccount('Customer', { first_name: 'Carmen' });
    await signInDirectly(page, account);
    await page.goto('/');
    const nav = sidebar(page);
    for (const name of [
      'Home',
      'My Profile',
      'Active Bookings',
      'Previous Bookings',
      'Payments',
      'Chat',
      'Services',
      'Contact Us',
    ]) {
      await assert.doesNotReject(nav.getByRole('link', { name, exact: true }).waitFor(), `sidebar link ${name}`);
    }
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.getByText('Version 2.0').waitFor();
    await page.getByText('Carmen').first().waitFor();
    await page.getByText(account.email).first().waitFor();
    await page.getByText('User Dashboard').waitFor();
    await page.getByRole('link', { name: /notification/i }).waitFor();
    await context.close();
  });

  it('titles the provider dashboard and loads React exactly once', async () => {
    const { page, context } = await openPage(browser());
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    await signInDirectly(page, await createAccount('Provider'));
    await page.goto('/');
    await page.getByText('Provider Dashboard').waitFor();
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts);
    // react-dom's client marks every root container with this key: one copy of react-dom, one match.
    const copies = bodies.filter((body) => body.includes('__reactContainer$')).length;
    assert.equal(copies, 1, `react-dom was loaded ${copies} times`);
    await context.close();
  });

  it('logs out: the session is cleared and the login page opens', async () => {
    const { page, context } = await openPage(browser());
    await signInDirectly(page, await createAccount('Customer'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() => window.localStorage.getItem('authType'));
    assert.ok(!stored || JSON.parse(stored).isLogin === false, `session still stored: ${stored}`);
    await page.goto('/profile');
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('a remote that is down', () => {
  it('never takes the shell down, and Retry loads it once it is back', async () => {
    const { page, context, errors } = await openPage(browser());
    await signInDirectly(page, await createAccount('Customer'));
    await stopRemote('mfe_chat');
    try {
      await page.goto('/chatview');
      await page
        .getByText(/unavailable/i)
        .first()
        .waitFor();
      const retry = page.getByRole('button', { name: 'Retry' });
      await retry.waitFor();

      // The sidebar, the guard and the other remotes keep working.
      await sidebar(page).getByRole('link', { name: 'Active Bookings', exact: true }).click();
      await page.waitForURL('**/activebooking');
      await page.getByRole('heading', { name: 'Active Bookings' }).first().waitFor();
      await sidebar(page).getByRole('link', { name: 'Chat', exact: true }).click();
      await retry.waitFor();

      await startRemote('mfe_chat');
      await retry.click();
      await page.getByRole('heading', { name: 'Chat' }).first().waitFor();
      assert.equal(await page.getByRole('button', { name: 'Retry' }).count(), 0);
    } finally {
      await startRemote('mfe_chat');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
