// The federated foundation in a real browser: the guard, the layout, logout, a corrupt session, React
// loaded once, and a remote that is down while the rest of the app keeps working.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import {
  collectErrors,
  createAccount,
  DESKTOP,
  fillLogin,
  openPage,
  PHONE,
  signInDirectly,
  snap,
  startRemote,
  stopRemote,
  useBrowser,
  newTab,
} from '../support/app.ts';

const browser = useBrowser();

const sidebar = (page: Page) => page.getByRole('navigation');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The port of each origin the stack serves (e2e/run.mjs sets them; 3100-3104 unless overridden). */
const PORTS = {
  shell: process.env.SHELL_PORT ?? '3100',
  'mfe-auth': process.env.AUTH_PORT ?? '3101',
  'mfe-customer': process.env.CUSTOMER_PORT ?? '3102',
  'mfe-provider': process.env.PROVIDER_PORT ?? '3103',
  'mfe-chat': process.env.CHAT_PORT ?? '3104',
};
/** The app folder of each origin's port. */
const APP_DIRS: Record<string, string> = Object.fromEntries(Object.entries(PORTS).map(([dir, port]) => [port, dir]));
const builtFile = (url: string, suffix: string) => {
  const { port, pathname } = new URL(url);
  return path.join(ROOT, APP_DIRS[port], 'dist', `${pathname.slice(1)}${suffix}`);
};

/** GET `url` with only gzip accepted, the body as it came over the wire (not decoded). */
function rawGet(url: string): Promise<{ encoding?: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes }));
      })
      .on('error', reject);
  });
}

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
    // The group reads as the spec writes it (what is on screen: innerText applies the styles).
    assert.equal(await nav.getByRole('group').evaluate((group) => (group as HTMLElement).innerText.split('\n')[0]), 'Bookings');
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

  it("loads the location module for a provider's session only: /login and a customer's Home never fetch it, a provider's Home preloads it", async () => {
    // The sharing watcher's lock name (shared/src/location/sharing.ts) marks the module's chunk.
    const LOCATION_MARK = 'marketplace-location-sharing';
    const locationScripts = async (role: 'Customer' | 'Provider' | null) => {
      const { page, context } = await openPage(browser());
      const scripts: Promise<{ url: string; body: string }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push(
            response.text().then(
              (body) => ({ url: response.url(), body }),
              () => ({ url: response.url(), body: '' }),
            ),
          );
      });
      if (role) await signInDirectly(page, await createAccount(role));
      await page.goto(role ? '/' : '/login');
      await page
        .getByRole('heading', { name: role ? 'Home' : 'Login' })
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      const urls = (await Promise.all(scripts)).filter(({ body }) => body.includes(LOCATION_MARK)).map(({ url }) => url);
      const preloaded = await page.$$eval('link[rel="preload"][as="script"]', (links) =>
        links.map((link) => (link as HTMLLinkElement).href),
      );
      await context.close();
      return { urls, preloaded };
    };
    assert.deepEqual((await locationScripts(null)).urls, [], '/login loaded the location module');
    assert.deepEqual((await locationScripts('Customer')).urls, [], "a customer's Home loaded the location module");
    const provider = await locationScripts('Provider');
    assert.equal(provider.urls.length, 1, `a provider's Home loaded the location module ${provider.urls.length} times`);
    assert.ok(
      provider.preloaded.includes(provider.urls[0]),
      `not preloaded: ${provider.urls[0]} (${provider.preloaded.join(', ')})`,
    );
  });

  it("holds the provider's Home still while its jobs load, on a phone and on a desktop: nothing on screen moves", async () => {
    const account = await createAccount('Provider');
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await openPage(browser(), viewport);
      // Every layout shift the page makes (what a user sees jump), from its first frame.
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The jobs answer comes late: the Services row is on screen before the Status block has its answer.
      await page.route('**/api/jobs?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await signInDirectly(page, account);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Services' }).waitFor();
      await page.getByText('Loading your jobs…').waitFor();
      await page.getByText('You have no on-going job right now.').waitFor();
      // The location notice (sharing not allowed yet) at the bottom: it moves nothing either.
      await page.getByRole('status', { name: 'Location notice' }).waitFor();
      await page.waitForTimeout(300);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      assert.deepEqual(shifts, [], `at ${viewport.width} px the page moved: layout shifts ${shifts.join(', ')}`);
      await context.close();
    }
  });

  it("keeps a short page within the window while the location notice is shown: the bar's room is taken from the page, not added below it", async () => {
    const account = await createAccount('Provider');
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await openPage(browser(), viewport);
      await signInDirectly(page, account);
      await page.goto('/contactus');
      await page.getByRole('button', { name: 'Submit' }).waitFor();
      const notice = page.getByRole('status', { name: 'Location notice' });
      await notice.waitFor();
      const submit = await page.getByRole('button', { name: 'Submit' }).boundingBox();
      const bar = await notice.boundingBox();
      assert.ok(submit && bar && submit.y + submit.height <= bar.y, `at ${viewport.width} px the notice covers Submit`);
      const scroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      assert.equal(scroll, 0, `at ${viewport.width} px the short page scrolls by ${scroll} px of empty room`);
      await context.close();
    }
  });

  it('on a phone the menu is a drawer a keyboard can use: Tab goes round in it, Escape closes it, a tap beside it and Back too', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    await signInDirectly(page, await createAccount('Customer'));
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await toggle.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    const focusedInNav = () => page.evaluate(() => !!document.activeElement?.closest('nav'));
    assert.ok(await focusedInNav(), 'focus did not move into the menu');
    // Tab goes round inside the menu, both ways: never onto the page behind (the notification bell, the
    // page's links), a toast, or out of the document.
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press(key);
        const focused = await page.evaluate(() => {
          const active = document.activeElement;
          return active?.closest('aside') ? 'menu' : (active?.outerHTML.slice(0, 80) ?? 'nothing');
        });
        assert.equal(focused, 'menu', `${key} ${i + 1} left the open menu`);
      }
    }
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'detached' });
    assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, 'focus did not go back to the toggle');
    await toggle.click();
    await nav.waitFor();
    await page.mouse.click(350, 420);
    await nav.waitFor({ state: 'detached' });
    // The phone's Back closes it too, and stays on the page (opened from Services, Back then goes there).
    await page.goto('/service');
    await page.getByRole('heading', { name: 'All Services' }).waitFor();
    await toggle.click();
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await toggle.click();
    await nav.waitFor();
    await page.goBack();
    await nav.waitFor({ state: 'detached' });
    // The shell undoes the Back with a forward move, which lands a moment after the drawer closes.
    await page.waitForURL((url) => url.pathname === '/contactus');
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, 'focus did not go back to the toggle');
    await page.goBack();
    await page.getByRole('heading', { name: 'All Services' }).waitFor();
    // The menu's link to the page already shown closes it too: the page behind is usable again.
    await toggle.click();
    await nav.getByRole('link', { name: 'Services' }).click();
    await nav.waitFor({ state: 'detached' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await page.getByRole('button', { name: 'Book Now' }).first().click();
    await page.waitForURL((url) => url.pathname === '/drivebooking');
    await context.close();
  });

  it("on a phone, Escape on 'Leave this page?' asked from the menu answers the question only: the menu stays open, focus on its link", async () => {
    const { page, context, errors } = await openPage(browser(), PHONE);
    await signInDirectly(page, await createAccount('Customer'));
    await page.goto('/contactus');
    await page.getByLabel('Message').fill('Half a question');
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const home = nav.getByRole('link', { name: 'Home' });
    await home.focus();
    await page.keyboard.press('Enter');
    const prompt = page.getByRole('dialog', { name: 'Leave this page?' });
    await prompt.waitFor();
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'detached' });
    assert.equal(await nav.isVisible(), true, 'Escape on the question also closed the menu');
    assert.equal(await home.evaluate((el) => el === document.activeElement), true, 'focus did not go back to Home');
    assert.equal(new URL(page.url()).pathname, '/contactus');
    assert.equal(await page.getByLabel('Message').inputValue(), 'Half a question');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('on a phone a field the keyboard reaches above the screen is scrolled clear of the sticky top bar', async () => {
    // A phone held sideways-short (the keyboard up): Edit Profile is then longer than the screen.
    const { page, context, errors } = await openPage(browser(), { width: PHONE.width, height: 420 });
    await signInDirectly(page, await createAccount('Customer'));
    await page.goto('/editprofile');
    const firstName = page.getByLabel('First Name');
    await firstName.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    assert.ok((await firstName.boundingBox())!.y < 0, 'the page is too short to test: First Name is on screen');
    await firstName.focus();
    const field = (await firstName.boundingBox())!;
    const bar = (await page.locator('.topbar').boundingBox())!;
    assert.ok(
      field.y >= bar.y + bar.height,
      `First Name is under the top bar: field at ${field.y}, bar ends at ${bar.y + bar.height}`,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a keyboard user reaches the page first through Skip to content, and a page chosen from the phone menu takes the focus', async () => {
    const { page, context, errors } = await openPage(browser(), PHONE);
    await signInDirectly(page, await createAccount('Customer'));
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    const focusedIsMain = () => page.evaluate(() => document.activeElement?.tagName === 'MAIN');

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    assert.equal(await skip.evaluate((el) => el === document.activeElement), true, 'the first Tab is not the skip link');
    const shown = await skip.boundingBox();
    assert.ok(
      shown && shown.y >= 0 && shown.y + shown.height <= 844,
      `the focused skip link is off screen: ${JSON.stringify(shown)}`,
    );
    await page.keyboard.press('Enter');
    assert.equal(await focusedIsMain(), true, 'Skip to content did not move focus to the page');

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Contact Us' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    assert.equal(await focusedIsMain(), true, 'after choosing Contact Us the focus is not on the page');
    // The next Tab goes on inside the page, not from the top of the document.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest('main')), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("on a phone the open drawer is above the login's alert: the alert covers no part of the menu", async () => {
    const { page, context } = await openPage(browser(), PHONE);
    const account = await createAccount('Customer');
    await fillLogin(page, account.email, account.password, account.role);
    const alert = page.getByRole('alert').filter({ hasText: 'Login successful' });
    await alert.waitFor();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    const covered = await drawerPointsCoveredBy(alert);
    assert.ok(covered.sampled > 0, 'the alert and the open menu do not overlap: nothing to check');
    assert.deepEqual(covered.points, [], 'the alert covers the open menu at these points');
    await context.close();
  });

  it('on a phone the open drawer is above a toast too: a toast covers no part of the menu', async () => {
    const { page, context, errors } = await openPage(browser(), PHONE);
    await signInDirectly(page, await createAccount('Customer'));
    await page.goto('/contactus');
    await page.getByLabel('Query Title').fill('Hello');
    await page.getByLabel('Message').fill('A question about my booking.');
    await page.getByRole('button', { name: 'Submit' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Successfully send' });
    await toast.waitFor();
    // Where the toast stays, not where its entrance (sliding in from the right) passes by.
    await page.waitForFunction(
      (element) => element !== null && element.getBoundingClientRect().right <= window.innerWidth,
      await toast.elementHandle(),
    );
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).waitFor();
    const covered = await drawerPointsCoveredBy(toast);
    assert.ok(covered.sampled > 0, 'the toast and the open menu do not overlap: nothing to check');
    assert.deepEqual(covered.points, [], 'the toast covers the open menu at these points');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('on a small phone the open drawer is whole above the location notice: Logout and Version 2.0 in view, Logout answers a tap', async () => {
    const { page, context, errors } = await openPage(browser(), { width: 375, height: 667 });
    await signInDirectly(page, await createAccount('Provider'));
    await page.goto('/');
    await page.getByRole('status', { name: 'Location notice' }).waitFor();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const logout = nav.getByRole('button', { name: 'Logout' });
    await logout.waitFor();
    for (const end of [logout, page.getByText('Version 2.0')]) {
      const box = await end.boundingBox();
      assert.ok(box && box.y + box.height <= 667, `${await end.innerText()} is below the screen's end`);
      const atItsMiddle = await end.evaluate((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
      });
      assert.ok(atItsMiddle, `${await end.innerText()} is covered`);
    }
    await logout.click();
    await page.waitForURL('**/login');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('with the location notice shown, the keyboard reaches the whole page before the notice, and nothing it focuses is under the notice', async () => {
    const account = await createAccount('Provider');
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context, errors } = await openPage(browser(), viewport);
      await signInDirectly(page, account);
      // Edit Profile is longer than the window: its last controls start under the notice.
      await page.goto('/editprofile');
      await page.getByRole('button', { name: 'Save Changes' }).waitFor();
      const notice = page.getByRole('status', { name: 'Location notice' });
      await notice.waitFor();
      const stops: Array<{ name: string; where: 'page' | 'notice' | 'other'; covered: boolean }> = [];
      for (let i = 0; i < 60 && !stops.some((stop) => stop.name === 'Dismiss'); i++) {
        await page.keyboard.press('Tab');
        stops.push(
          await page.evaluate(() => {
            const active = document.activeElement as HTMLElement | null;
            if (!active || active === document.body) return { name: 'nothing', where: 'other' as const, covered: false };
            const { x, y, width, height } = active.getBoundingClientRect();
            const top = document.elementFromPoint(x + width / 2, y + height / 2);
            const label = active.getAttribute('aria-label') ?? (active as HTMLInputElement).labels?.[0]?.textContent ?? '';
            return {
              name: (label || active.textContent || active.tagName).trim().slice(0, 60),
              where: active.closest('[aria-label="Location notice"]')
                ? ('notice' as const)
                : active.closest('main')
                  ? ('page' as const)
                  : ('other' as const),
              covered: !(top && (active.contains(top) || top.contains(active))),
            };
          }),
        );
      }
      const names = stops.map((stop) => `${stop.where}:${stop.name}`).join(' | ');
      const firstInNotice = stops.findIndex((stop) => stop.where === 'notice');
      assert.ok(firstInNotice > 0, `at ${viewport.width} px Tab never reached the notice: ${names}`);
      assert.ok(
        stops.slice(0, firstInNotice).some((stop) => stop.name === 'Save Changes'),
        `at ${viewport.width} px the notice came before the page's end: ${names}`,
      );
      assert.ok(!stops.slice(firstInNotice).some((stop) => stop.where === 'page'), `at ${viewport.width} px: ${names}`);
      const covered = stops.filter((stop) => stop.covered).map((stop) => stop.name);
      assert.deepEqual(covered, [], `at ${viewport.width} px focused but covered: ${names}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  for (const role of ['Customer', 'Provider'] as const) {
    for (const [screen, viewport] of [
      ['a phone', PHONE],
      ['a desktop', DESKTOP],
    ] as const) {
      it(`on ${screen} the login's alert (kept 50 s) sits in the top bar: the page's title and buttons, the menu toggle and the bell stay uncovered (${role})`, async () => {
        const { page, context, errors } = await openPage(browser(), viewport);
        const account = await createAccount(role);
        await fillLogin(page, account.email, account.password, account.role);
        const alert = page.getByRole('alert').filter({ hasText: 'Login successful' });
        await alert.waitFor();
        // The alert comes with the answer, a moment before the login's navigation to Home, which closes a menu
        // opened before it: the menu is opened once the URL is Home's (Home may still be rendering).
        await page.waitForURL((url) => url.pathname === '/');
        if (viewport === PHONE) await page.getByRole('button', { name: 'Toggle menu' }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
        await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
        await alert.waitFor();
        const box = async (locator: Locator) => {
          const b = await locator.boundingBox();
          assert.ok(b, 'not on screen');
          return b;
        };
        const a = await box(alert);
        const overlaps = (b: { x: number; y: number; width: number; height: number }) =>
          a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        // Add New is at the page's top right, where an alert below the bar used to be.
        const uncovered = [
          page.getByRole('heading', { level: 1, name: 'Payments' }),
          page.getByRole('link', { name: 'Add New' }),
          page.getByRole('button', { name: 'Toggle menu' }),
          page.getByRole('link', { name: /^Notifications: / }),
          ...(role === 'Provider' ? [page.getByRole('status', { name: 'Location sharing' })] : []),
        ];
        for (const element of uncovered) assert.equal(overlaps(await box(element)), false, `the alert covers ${String(element)}`);
        // The alert can still be read whole and dismissed.
        assert.ok(a.width >= 180, `the alert is ${a.width} px wide`);
        await snap(page, `login-alert-in-top-bar-${role}-${viewport.width}`);
        await alert.getByRole('button', { name: 'Dismiss' }).click();
        await alert.waitFor({ state: 'detached' });
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  }

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

  it('two tabs share one session: a sign-out or a sign-in in one is followed by the other, never undone by it', async () => {
    const customer = await createAccount('Customer');
    const provider = await createAccount('Provider');
    const { page: first, context, errors } = await openPage(browser());
    await fillLogin(first, customer.email, customer.password, 'Customer');
    await first.getByText('User Dashboard').waitFor();
    const second = await newTab(context);
    const secondErrors = collectErrors(second);
    await second.goto('/activebooking');
    await second.getByRole('heading', { name: 'Active Bookings' }).first().waitFor();

    // Signed out in the first tab: the second goes to /login by itself, and says why.
    await first.getByRole('button', { name: 'Logout' }).click();
    await first.waitForURL('**/login');
    await second.waitForURL('**/login');
    await second.getByRole('heading', { name: 'Login' }).waitFor();
    await second.getByText('You signed out in another tab.').waitFor();
    assert.equal(await first.getByText('You signed out in another tab.').count(), 0);

    // Signed in as a provider in the first: the second opens the provider's Home.
    await fillLogin(first, provider.email, provider.password, 'Provider');
    await first.getByText('Provider Dashboard').waitFor();
    await second.getByText('Provider Dashboard').waitFor();
    await second.waitForURL((url) => url.pathname === '/');
    await sidebar(second).getByRole('link', { name: 'My Profile', exact: true }).click();
    await second.getByText(provider.email).first().waitFor();

    // Neither tab saved the customer's session back: a new page load in either is the provider's.
    for (const tab of [first, second]) {
      await tab.reload();
      await tab.getByText('Provider Dashboard').waitFor();
      const stored = await tab.evaluate(() => JSON.parse(window.localStorage.getItem('authType') ?? 'null'));
      assert.equal(stored?.users?.email, provider.email);
    }
    assert.deepEqual([...errors, ...secondErrors], []);
    await context.close();
  });
});

describe("a public page's static first frame", () => {
  it('shows /login whole before any script runs, and none of it while only part of the page is parsed', async () => {
    const { context, page } = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    const frame = page.locator('#root > [data-first-frame]');
    await page.goto('/login');
    await frame.locator('h1', { hasText: 'Login' }).waitFor();
    assert.equal(await frame.locator('button[type="submit"]', { hasText: 'Login' }).isVisible(), true);
    assert.equal(await frame.getByText('Forgot Password?').isVisible(), true);
    // A slow phone's parser can yield halfway through the page and paint what it has: the page cut off
    // inside the frame, as that paint sees it. A part of the card that then grows would jump (a layout shift).
    const html = await (await page.request.get('/login')).text();
    const partial = html.slice(0, html.indexOf('Forgot Password?'));
    await page.route('**/login', (route) => route.fulfill({ contentType: 'text/html', body: partial }));
    await page.goto('/login');
    assert.equal(await frame.count(), 1, 'the partial page holds the start of the frame');
    assert.equal(await frame.isVisible(), false, 'a part of the frame is shown');
    await context.close();
  });

  it('on a slow line, what a visitor types in it before the app takes its place is kept, and their press of Login is made', async () => {
    const account = await createAccount('Provider');
    const { context, page } = await openPage(browser(), PHONE);
    // The app's scripts are held back: the frame is all there is, as on a slow line.
    let releaseScripts = () => undefined as void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/*.js', async (route) => {
      await scriptsHeld;
      await route.fallback();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const frame = page.locator('#root > [data-first-frame]');
    await frame.locator('h1', { hasText: 'Login' }).waitFor();
    await frame.getByRole('radio', { name: 'Provider' }).check();
    await frame.getByLabel('Email').fill(account.email);
    await frame.getByLabel('Password').fill(account.password);
    await frame.getByLabel('Password').press('Enter');
    // The browser did not send the form itself (a GET with the password in the address).
    assert.equal(new URL(page.url()).search, '');
    releaseScripts();
    await page.waitForURL((url) => url.pathname === '/');
    // Signed in with the role chosen in the frame: the provider's Home.
    await page.getByText('Jobs Done').waitFor();
    assert.equal(await frame.count(), 0);
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

describe('static files', () => {
  it("sends the builds' own brotli copies to the browser and gzip copies to gzip-only clients, as built", async () => {
    const { page, context } = await openPage(browser());
    const scripts: { url: string; encoding?: string; bytes: Promise<number> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({
        url: response.url(),
        encoding: response.headers()['content-encoding'],
        bytes: response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize),
      });
    });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Every script large enough to be worth compressing, from the shell and the auth remote.
    const compressed = scripts.filter((s) => statSync(builtFile(s.url, '')).size > 4096);
    assert.ok(
      compressed.some((s) => new URL(s.url).port === PORTS.shell),
      'no shell script loaded',
    );
    assert.ok(
      compressed.some((s) => new URL(s.url).port === PORTS['mfe-auth']),
      'no auth remote script loaded',
    );
    for (const script of compressed) {
      assert.equal(script.encoding, 'br', `${script.url} was not sent as brotli`);
      // The very bytes of the build's .br file: nothing compressed again per request.
      assert.equal(await script.bytes, statSync(builtFile(script.url, '.br')).size, `${script.url} is not the built .br`);
    }
    const entry = compressed.find((s) => s.url.endsWith('/remoteEntry.js'));
    assert.ok(entry, 'remoteEntry.js not loaded');
    assert.deepEqual(await rawGet(entry.url), { encoding: 'gzip', bytes: statSync(builtFile(entry.url, '.gz')).size });
    await context.close();
  });
});

/**
 * Where `shown` and the phone's open drawer overlap, the points (sampled every 8 px) at which something
 * other than the drawer is on top.
 */
function drawerPointsCoveredBy(shown: Locator): Promise<{ points: string[]; sampled: number }> {
  return shown.evaluate((element) => {
    const a = element.getBoundingClientRect();
    const drawer = document.querySelector('nav[aria-label="Main"]')!.closest('aside')!;
    const d = drawer.getBoundingClientRect();
    const points: string[] = [];
    let sampled = 0;
    for (let x = Math.max(a.left, d.left) + 1; x < Math.min(a.right, d.right); x += 8) {
      for (let y = Math.max(a.top, d.top) + 1; y < Math.min(a.bottom, d.bottom); y += 8) {
        sampled++;
        if (!drawer.contains(document.elementFromPoint(x, y))) points.push(`${Math.round(x)},${Math.round(y)}`);
      }
    }
    return { points, sampled };
  });
}
