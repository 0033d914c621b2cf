// Keyboard and screen reader use of the composed app: what axe cannot see. What changes without a reload
// is said (a live region), and the keyboard reaches and completes each flow.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, channelSubscribed, fillLogin, openPage, signInDirectly, snap, useBrowser } from '../support/app.ts';
import { bookViaApi, customerWithCards, GOOD_CARD, providerOffering } from '../support/bookings.ts';

const browser = useBrowser();

describe('said to screen readers without a reload', () => {
  it('a new job request reaches the provider on Home, and its answers the customer on Active Bookings, in a live region', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Lena', last_name: `Live${Date.now() % 100000}` });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Omar', last_name: `Heard${Date.now() % 100000}` });
    const p = await openPage(browser());
    const c = await openPage(browser());
    await signInDirectly(p.page, provider.account);
    await signInDirectly(c.page, customer.account);
    const subscribed = [channelSubscribed(p.page), channelSubscribed(c.page)];
    await p.page.goto('/');
    await p.page.getByRole('heading', { name: 'Home' }).waitFor();
    await c.page.goto('/activebooking');
    await c.page.getByRole('heading', { name: 'Active Bookings' }).waitFor();
    await Promise.all(subscribed);

    const saidTo = (page: Page) => page.getByRole('status', { name: 'New notifications' });
    const jobId = await bookViaApi(customer, provider);
    await saidTo(p.page).getByText(`${customer.fullName} has requested a Driver booking.`).waitFor({ timeout: 5_000 });

    const setStatus = async (status: string) => {
      const answer = await apiCall('PATCH', `/api/jobs/${jobId}`, { status }, provider.token);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    };
    await setStatus('Accepted');
    await saidTo(c.page).getByText(`${provider.fullName} accepted your booking request.`).waitFor({ timeout: 5_000 });
    await setStatus('Completed');
    await saidTo(c.page)
      .getByText(`${provider.fullName} has finished your job. Please rate your ride.`)
      .waitFor({ timeout: 5_000 });
    // Nobody is told of their own doing: the provider heard only the request.
    assert.equal(await saidTo(p.page).textContent(), `${customer.fullName} has requested a Driver booking.`);
    assert.deepEqual([...p.errors, ...c.errors], []);
    await p.context.close();
    await c.context.close();
  });
});

/** Whether the focused element is what the window shows at its centre (nothing drawn over it). */
const focusedIsOnTop = () => {
  const focused = document.activeElement as HTMLElement;
  const box = focused.getBoundingClientRect();
  const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !!seen && focused.contains(seen);
};

describe('the keyboard can see where it is', () => {
  it("a control the keyboard focuses is never hidden under the alert kept 50 s at the page's top right", async () => {
    const { page, context, errors } = await openPage(browser());
    await fillLogin(page, 'customer@example.com', 'password123', 'Customer');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    const alert = page.locator('.alert-area').getByRole('alert');
    await alert.getByText('Login successful').waitFor();
    // To My Profile with the keyboard: its Edit Profile is at the top right, where the alert is.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    // The new screen takes the focus (its main region); Tab goes on from there.
    await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
    const editProfile = page.getByRole('link', { name: 'Edit Profile' });
    await page.keyboard.press('Tab');
    assert.equal(await editProfile.evaluate((el) => el === document.activeElement), true, 'Tab did not reach Edit Profile');
    // The alert gets out of the way (a frame after the focus moved).
    await page.waitForFunction(focusedIsOnTop, undefined, { timeout: 2_000 }).catch(() => undefined);
    assert.equal(await page.evaluate(focusedIsOnTop), true, 'Edit Profile, focused, is hidden under the alert');
    // The alert is still there, still readable.
    assert.equal(await alert.isVisible(), true);
    await snap(page, 'focus-not-under-alert');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('at 400 % zoom (320 × 256) no control of the login form is hidden under the alert a failed sign-in leaves', async () => {
    const { page, context } = await openPage(browser(), { width: 320, height: 256 });
    await fillLogin(page, 'customer@example.com', 'wrong-password', 'Customer');
    const alert = page.locator('.alert-area').getByRole('alert');
    await alert.getByText('These credentials do not match our records.').waitFor();
    // The toast saying the same is closed, as it would go by itself in 5 s.
    await page.locator('.Toastify__toast').getByRole('button', { name: 'close' }).click();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached' });
    // From the first control of the form to its last link, each as the keyboard reaches it.
    await page.getByRole('radio', { name: 'Customer' }).focus();
    await page.waitForFunction(focusedIsOnTop, undefined, { timeout: 2_000 }).catch(() => undefined);
    assert.equal(await page.evaluate(focusedIsOnTop), true, 'Customer, focused, is hidden');
    const reached: string[] = [];
    for (let press = 0; press < 12 && !reached.includes('Sign Up'); press += 1) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        if (focused === document.body || focused.closest('.alert-area')) return null; // the alert's own Dismiss
        return focused.getAttribute('aria-label') ?? (focused.textContent?.trim() || (focused as HTMLInputElement).name);
      });
      if (name === null) continue;
      reached.push(name);
      await page.waitForFunction(focusedIsOnTop, undefined, { timeout: 2_000 }).catch(() => undefined);
      assert.equal(await page.evaluate(focusedIsOnTop), true, `${name}, focused, is hidden`);
    }
    assert.ok(reached.includes('Forgot Password?'), `Tab reached ${reached.join(', ')}`);
    assert.equal(await alert.isVisible(), true, 'the alert is still there');
    await snap(page, 'login-400-zoom-focus-not-under-alert');
    await context.close();
  });
});
