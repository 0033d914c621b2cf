// The app as it reads for people who set up their browser otherwise: a larger default text size, Windows
// high contrast (forced colours), less motion, a window zoomed to 400 %.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { createAccount, DESKTOP, fillLogin, openPage, signInDirectly, snap, useBrowser } from '../support/app.ts';
import { bookViaApi, customerWithCards, GOOD_CARD, MASTERCARD, providerOffering } from '../support/bookings.ts';

const browser = useBrowser();

/**
 * `read`'s answer once `settled` says so, else (after 5 s) the last one: the public pages' first frame is
 * replaced by the app's own, and an element read during the swap is already out of the page.
 */
async function settled<T>(read: () => Promise<T>, isSettled: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (const deadline = Date.now() + 5_000; !isSettled(value) && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/** `target`'s computed `property` once it is `expected`, else as it is (see settled). */
const settledStyle = (target: Locator, property: string, expected: string): Promise<string> =>
  settled(
    () =>
      target
        .evaluate((element, name) => (element.isConnected ? getComputedStyle(element).getPropertyValue(name) : ''), property)
        .catch(() => ''),
    (value) => value === expected,
  );

/** The boxes of `targets` read together once all are on screen (see settled). */
async function settledBoxes(targets: Locator[]) {
  const boxes = await settled(
    () => Promise.all(targets.map((target) => target.boundingBox().catch(() => null))),
    (read) => read.every((box) => box !== null),
  );
  return boxes.map((box, i) => {
    assert.ok(box, `not on screen: ${String(targets[i])}`);
    return box;
  });
}

describe('display preferences', () => {
  it("a larger default text size enlarges the page's text, its buttons and fields, not only its headings and labels", async () => {
    const { page, context, errors } = await openPage(browser());
    const cdp = await context.newCDPSession(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const at16 = await settledStyle(page.locator('body'), 'font-size', '15px');
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24 } });
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    assert.equal(at16, '15px');
    assert.equal(await settledStyle(page.locator('body'), 'font-size', '22.5px'), '22.5px');
    assert.equal(await settledStyle(page.getByRole('button', { name: 'Login' }), 'font-size', '22.5px'), '22.5px');
    assert.equal(await settledStyle(page.getByLabel('Email'), 'font-size', '22.5px'), '22.5px');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('in forced colours (high contrast) buttons keep an edge, and the current page in the menu is outlined', async () => {
    const { page, context, errors } = await openPage(browser(), DESKTOP, { forcedColors: 'active', colorScheme: 'dark' });
    await page.goto('/login');
    const login = page.getByRole('button', { name: 'Login' });
    await login.waitFor();
    assert.equal(await settledStyle(login, 'border-top-style', 'solid'), 'solid');
    assert.equal(await settledStyle(login, 'border-top-width', '1px'), '1px');

    await signInDirectly(page, await createAccount('Customer'));
    await page.goto('/activebooking');
    await page.getByRole('heading', { name: 'Active Bookings' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Main' });
    const current = menu.getByRole('link', { name: 'Active Bookings' });
    assert.equal(await current.evaluate((a) => getComputedStyle(a).outlineStyle), 'solid');
    const other = menu.getByRole('link', { name: 'Previous Bookings' });
    assert.equal(await other.evaluate((a) => getComputedStyle(a).outlineStyle), 'none');
    await snap(page, 'forced-colours-active-bookings');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('asked for less motion, a loader turns slowly', async () => {
    const { page, context, errors } = await openPage(browser(), DESKTOP, { reducedMotion: 'reduce' });
    await signInDirectly(page, await createAccount('Customer'));
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/jobs*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/activebooking');
    // The list's own loader, held by the route: the shell's loader before it may go between two looks at it.
    const spinner = page.getByRole('status').filter({ hasText: 'Loading your bookings…' }).locator('.ui-spinner');
    await spinner.waitFor();
    assert.equal(await spinner.evaluate((s) => getComputedStyle(s).animationDuration), '2.4s');
    answer();
    await page.getByRole('heading', { name: 'Active Bookings' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('asked for less motion, a toast comes and goes without bouncing in', async () => {
    const { page, context } = await openPage(browser(), DESKTOP, { reducedMotion: 'reduce' });
    // Each toast's animation as it comes in and goes (over, its class gone, a moment later).
    // No named function inside: the test runner's transform would wrap it in a helper the page does not have.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { toastAnimations: seen });
      new MutationObserver((records) => {
        for (const record of records) {
          const added = [...record.addedNodes].flatMap((node) =>
            node instanceof HTMLElement ? [node, ...node.querySelectorAll('.Toastify__toast')] : [],
          );
          for (const node of [record.target, ...added]) {
            if (node instanceof HTMLElement && node.matches('.Toastify__toast.Toastify--animate')) {
              seen.push(getComputedStyle(node).animationDuration);
            }
          }
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    await fillLogin(page, 'customer@example.com', 'wrong-password', 'Customer');
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Please Enter Correct Email or Password' });
    await toast.waitFor();
    const animations = () => page.evaluate(() => (window as unknown as { toastAnimations: string[] }).toastAnimations);
    // It still goes when closed (react-toastify takes a toast away at its animation's end).
    await toast.getByRole('button', { name: 'close' }).click();
    await toast.waitFor({ state: 'detached', timeout: 2_000 });
    const seen = await animations();
    assert.ok(seen.length >= 2, `animations seen: ${seen.join(', ')}`);
    assert.deepEqual(new Set(seen), new Set(['0.001s']));
    await context.close();
  });

  it('text twice the default size on a phone: the top bar grows with its title, keeps the bell in the window, and no page scrolls sideways', async () => {
    const { page, context, errors } = await openPage(browser(), { width: 390, height: 844 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
    await signInDirectly(page, await createAccount('Customer'));
    for (const [path, heading] of [
      ['/', 'Home'],
      ['/profile', 'My Profile'],
      ['/payment', 'Payments'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      const [bar, title, bell] = await settledBoxes([
        page.locator('.topbar'),
        page.locator('.topbar__title'),
        page.getByRole('link', { name: /^Notifications/ }),
      ]);
      assert.ok(title.y >= bar.y && title.y + title.height <= bar.y + bar.height + 0.5, `${path}: the title is cut by the bar`);
      assert.ok(bell.x + bell.width <= 390, `${path}: the bell is pushed out of the window`);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(sideways, 0, `${path} scrolls sideways by ${sideways} px`);
    }
    await snap(page, 'text-200-payments-phone');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('on a phone, saved card numbers keep to one line; at twice the text size the payment history breaks lines between words, never inside one', async () => {
    const provider = await providerOffering('Delivery', 40);
    const customer = await customerWithCards([MASTERCARD, GOOD_CARD]);
    await bookViaApi(customer, provider);
    const { page, context, errors } = await openPage(browser(), { width: 390, height: 844 });
    await signInDirectly(page, customer.account);
    await page.goto('/payment');
    const history = page.getByRole('table', { name: 'Payment history' });
    await history.getByRole('row').nth(1).waitFor();
    const numbers = page.getByText(/^\*{4} \*{4} \*{4} \d{4}$/);
    assert.equal(await numbers.count(), 2);
    // How many lines each number's text takes.
    const lines = await numbers.evaluateAll((elements) =>
      elements.map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    assert.deepEqual(lines, [1, 1]);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
    await page.reload();
    await history.getByRole('row').nth(1).waitFor();
    // Every word of every cell lies on one line (a word split over two lines has two boxes).
    const splitWords = await history.locator('tbody td').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const split: string[] = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) split.push(match[0]);
          }
        }
        return split;
      }),
    );
    assert.deepEqual(splitWords, []);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(sideways, 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("zoomed to 400 % (320 × 200), a provider's location notice ends the page instead of covering the window", async () => {
    const { page, context, errors } = await openPage(browser(), { width: 320, height: 200 }, { deviceScaleFactor: 4 });
    await signInDirectly(page, await createAccount('Provider'));
    await page.goto('/jobrequest');
    const notice = page.getByRole('status', { name: 'Location notice' });
    await notice.waitFor();
    assert.equal(await notice.evaluate((n) => getComputedStyle(n).position), 'static');
    // The page's heading is not covered: what the window shows at its centre is the heading itself.
    const heading = page.getByRole('heading', { name: 'Job Requests', level: 1 });
    await heading.scrollIntoViewIfNeeded();
    assert.ok(
      await heading.evaluate((h) => {
        const box = h.getBoundingClientRect();
        const seen = document.elementFromPoint(box.left + Math.min(box.width / 2, 20), box.top + box.height / 2);
        return !!seen && h.contains(seen);
      }),
      'the heading is covered',
    );
    await snap(page, 'zoom-400-job-requests');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('320 px wide (a desktop window zoomed to 400 %), the login and sign-up role choices stay inside their card', async () => {
    const { page, context, errors } = await openPage(browser(), { width: 320, height: 640 }, { deviceScaleFactor: 4 });
    for (const [path, legend] of [
      ['/login', 'Login as'],
      ['/signup', 'Sign up as'],
    ]) {
      await page.goto(path);
      const choices = page.getByRole('group', { name: legend });
      await choices.getByRole('radio', { name: 'Provider' }).waitFor();
      // The whole choice (its box), not only the radio button inside it.
      const choiceOf = (role: string) => choices.locator('label', { has: page.getByRole('radio', { name: role }) });
      const [card, ...roles] = await settledBoxes([page.locator('.auth-card'), choiceOf('Customer'), choiceOf('Provider')]);
      for (const [index, role] of ['Customer', 'Provider'].entries()) {
        const choice = roles[index];
        assert.ok(
          choice.x >= card.x && choice.x + choice.width <= card.x + card.width,
          `${path}: ${role} sticks out of the card`,
        );
      }
      await snap(page, `width-320${path.replace('/', '-')}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
