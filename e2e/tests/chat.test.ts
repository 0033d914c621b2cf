// Chat end to end (issue 9): a customer and a provider with a booking between them, in two browser
// contexts at once. Text, a PNG photo and a PDF attachment go both ways live; unread counts rise and
// clear; Assign Job opens the customer remote's booking modal from inside the chat.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  API_URL,
  apiCall,
  channelSubscribed,
  collectErrors,
  DESKTOP,
  openPage,
  PHONE,
  signInDirectly,
  snap,
  useBrowser,
  newTab,
} from '../support/app.ts';
import { onPhone } from '../support/phoneFit.ts';
import { bookViaApi, customerWithCards, GOOD_CARD, providerOffering } from '../support/bookings.ts';

const browser = useBrowser();

/** A 1×1 PNG: the API checks uploads by their content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const messages = (page: Page, name: string) => page.getByRole('log', { name: `Messages with ${name}` });

/**
 * When `text` shows in `where` (the page's Date.now()), watched from now on: a MutationObserver in the
 * page, so that the time is the page's, not the test driver's polling. Await the watch, then the answer.
 */
async function arrivalTime(where: Locator, text: string): Promise<() => Promise<number>> {
  const watch = await where.evaluateHandle(
    (el, wanted) => ({
      shown: new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!(el.textContent ?? '').includes(wanted)) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(el, { subtree: true, childList: true, characterData: true });
      }),
    }),
    text,
  );
  return () => watch.evaluate((w) => w.shown);
}

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Whether an element's text is cut: wider or taller than its box, or past the edge of a box around it that clips. */
function isCut(locator: Locator): Promise<boolean> {
  // No named functions inside: the test runner's transform would wrap them in a helper the page lacks.
  return locator.evaluate((el) => {
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) return true;
    const box = el.getBoundingClientRect();
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (box.left < clip.left - 1 || box.right > clip.right + 1) return true;
    }
    return false;
  });
}

/** The conversation's newest message (of the 40 sent) is inside the message list's visible box. */
async function newestInView(page: Page, when: string): Promise<void> {
  const list = page.getByRole('log');
  const newest = list.getByText('Are you near? 40', { exact: true });
  await newest.waitFor();
  // Two frames: layout, then what a ResizeObserver does about it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const [box, message] = [await list.boundingBox(), await newest.boundingBox()];
  assert.ok(
    box && message && message.y >= box.y && message.y + message.height <= box.y + box.height,
    `${when} the newest message is out of the list's view`,
  );
}

describe('chat between a customer and a provider, live', () => {
  it('text, photo and file go both ways without a reload; unread counts rise and clear; Assign Job books', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Pia', last_name: `Chat${randomUUID().slice(0, 6)}` });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Cleo', last_name: `Chat${randomUUID().slice(0, 6)}` });
    await bookViaApi(customer, provider);
    const c = await openPage(browser());
    const p = await openPage(browser());
    await signInDirectly(c.page, customer.account);
    await signInDirectly(p.page, provider.account);

    // The customer opens the chat from the provider's profile.
    await c.page.goto('/drivebooking');
    await c.page.getByRole('searchbox', { name: 'Search Providers' }).fill(provider.account.last_name);
    await c.page
      .getByRole('list', { name: 'Suggested Drivers' })
      .getByRole('link', { name: new RegExp(provider.fullName) })
      .click();
    await c.page.getByRole('button', { name: 'Chat' }).click();
    await c.page.waitForURL(`**/chatview/${provider.id}`);
    const heading = c.page.getByRole('heading', { name: provider.fullName, level: 2 });
    await heading.waitFor();
    // On a phone the name is whole: Assign Job goes on its own line under it.
    await onPhone(c.page, async () => {
      assert.equal(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth), true, 'the name is cut short');
      const name = await heading.boundingBox();
      const assign = await c.page.getByRole('button', { name: 'Assign Job' }).boundingBox();
      assert.ok(name && assign && assign.y >= name.y + name.height, 'Assign Job is not under the name');
    });

    // The provider is on another page: the sidebar's Chat item counts the unread message, live.
    const providerSubscribed = channelSubscribed(p.page);
    await p.page.goto('/');
    await p.page.getByRole('heading', { name: 'Home' }).waitFor();
    await providerSubscribed;
    await send(c.page, 'Hello, can you pick me up at nine?');
    await messages(c.page, provider.fullName).getByText('Hello, can you pick me up at nine?').waitFor();
    await p.page.getByRole('link', { name: 'Chat: 1 unread' }).waitFor();

    // Opening the conversation marks it read.
    await p.page.getByRole('link', { name: 'Chat: 1 unread' }).click();
    await p.page
      .getByRole('region', { name: 'Contacts' })
      .getByRole('link', { name: new RegExp(customer.fullName) })
      .click();
    await messages(p.page, customer.fullName).getByText('Hello, can you pick me up at nine?').waitFor();
    await p.page.getByRole('link', { name: 'Chat', exact: true }).waitFor();
    assert.equal(await p.page.getByRole('button', { name: 'Assign Job' }).count(), 0, 'a provider has no Assign Job');

    // A message arrives in the open conversation within a second of being sent: timed in the pages, from
    // the customer's request to the provider's page showing it (not the test driver's own steps around them).
    const shownAt = await arrivalTime(messages(p.page, customer.fullName), 'I will wait at the gate.');
    const read = p.page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/chats\/\d+\/read$/.test(r.url()));
    const sending = c.page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/chats');
    await send(c.page, 'I will wait at the gate.');
    const sentAt = await sending.then(() => Date.now());
    const delay = (await shownAt()) - sentAt;
    assert.ok(delay < 1_000, `the message took ${delay} ms to arrive`);
    // Read in the conversation, its messages are not news on the bell: only the booking request is.
    await read;
    await p.page.getByRole('link', { name: 'Notifications: 1 unread' }).waitFor();

    // The provider replies with a PNG and a few words: the customer sees an image, and the contact list
    // shows it as the last message with its words.
    await p.page.getByLabel('Attach a file').setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: PNG });
    await send(p.page, 'The blue gate');
    await messages(c.page, provider.fullName).getByRole('img', { name: 'Photo gate.png' }).waitFor();
    await messages(c.page, provider.fullName).getByText('The blue gate').waitFor();
    await c.page.getByRole('region', { name: 'Contacts' }).getByText('Photo: The blue gate').waitFor();
    await snap(c.page, 'chat-customer');

    // The customer sends a PDF: the provider gets a link that downloads the same bytes.
    await c.page.getByLabel('Attach a file').setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF });
    await c.page.getByRole('button', { name: 'Send' }).click();
    const link = messages(p.page, customer.fullName).getByRole('link', { name: /^receipt\.pdf \(/ });
    await link.waitFor();
    const [download] = await Promise.all([p.page.waitForEvent('download'), link.click()]);
    assert.equal(download.suggestedFilename(), 'receipt.pdf');
    assert.deepEqual(readFileSync(await download.path()), PDF);
    await snap(p.page, 'chat');

    // Assign Job opens the booking modal for this provider, without leaving the chat.
    await c.page.getByRole('button', { name: 'Assign Job' }).click();
    const dialog = c.page.getByRole('dialog', { name: 'Booking Details' });
    await dialog.getByText(provider.fullName).first().waitFor();
    await dialog.getByLabel('Pick Address').waitFor();
    assert.match(new URL(c.page.url()).pathname, /^\/chatview\//);
    await dialog.getByRole('button', { name: 'Close' }).click();

    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it("a long message in a script of three bytes a character (over a realtime event's 10 KiB) arrives live and whole", async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Pia', last_name: `Long${randomUUID().slice(0, 6)}` });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Cleo', last_name: `Long${randomUUID().slice(0, 6)}` });
    await bookViaApi(customer, provider);
    const c = await openPage(browser());
    const p = await openPage(browser());
    await signInDirectly(c.page, customer.account);
    await signInDirectly(p.page, provider.account);
    await c.page.goto(`/chatview/${provider.id}`);
    await c.page.getByRole('heading', { name: provider.fullName, level: 2 }).waitFor();
    await p.page.goto(`/chatview/${customer.id}`);
    await p.page.getByRole('heading', { name: customer.fullName, level: 2 }).waitFor();

    // About 4 000 characters (within the 5 000 a message may have), 11 KB in UTF-8.
    const long = `${'नमस्ते '.repeat(570)}अंत`;
    assert.ok(Buffer.byteLength(long) > 10 * 1024);
    await send(c.page, long);
    await messages(c.page, provider.fullName).getByText(long).waitFor();
    await messages(p.page, customer.fullName).getByText(long).waitFor();

    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it('a provider cannot start a conversation with a customer who has not booked them; once the customer books, they can, live', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Olu', last_name: `Start${randomUUID().slice(0, 6)}` });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Zia', last_name: `Start${randomUUID().slice(0, 6)}` });
    const c = await openPage(browser());
    const p = await openPage(browser(), PHONE);
    await signInDirectly(c.page, customer.account);
    await signInDirectly(p.page, provider.account);
    await c.page.goto('/chatview');
    await c.page.getByRole('heading', { name: 'Chat', level: 1 }).waitFor();

    // A customer id typed into the address: refused with the reason, and nothing reaches the customer.
    await p.page.goto(`/chatview/${customer.id}`);
    await p.page
      .getByRole('alert')
      .getByText(
        'This conversation cannot be opened: A provider can only chat with a customer who has booked them or started a chat with them.',
      )
      .waitFor();
    await snap(p.page, 'chat-provider-cannot-start');
    assert.equal(await p.page.getByRole('textbox', { name: 'Message' }).count(), 0, 'a message box for a refused conversation');
    const chats = await apiCall<{ data: unknown[] }>('GET', '/api/chats', undefined, customer.token);
    assert.deepEqual(chats.body.data, []);

    // The customer books them: the same address opens the conversation, and the customer reads it live.
    await bookViaApi(customer, provider);
    await p.page.reload();
    await p.page.getByRole('heading', { name: customer.fullName, level: 2 }).waitFor();
    await send(p.page, 'Thank you for booking, I will be there.');
    await c.page
      .getByRole('region', { name: 'Contacts' })
      .getByRole('link', { name: new RegExp(provider.fullName) })
      .click();
    await messages(c.page, provider.fullName).getByText('Thank you for booking, I will be there.').waitFor();

    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it("a conversation read in one of the customer's tabs clears the sidebar's Chat count in their other tab", async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Ravi', last_name: `Tabs${randomUUID().slice(0, 6)}` });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Tara', last_name: `Tabs${randomUUID().slice(0, 6)}` });
    await bookViaApi(customer, provider);
    // Two tabs of the same customer (one browser context, one session) and the provider in another.
    const a = await openPage(browser());
    await signInDirectly(a.page, customer.account);
    const tabB = await newTab(a.context);
    const tabBErrors = collectErrors(tabB);
    const p = await openPage(browser());
    await signInDirectly(p.page, provider.account);
    await a.page.goto('/chatview');
    await a.page.getByRole('heading', { name: 'Chat', level: 1 }).waitFor();
    await tabB.goto('/');
    await tabB.getByRole('heading', { name: 'Home' }).waitFor();

    await p.page.goto(`/chatview/${customer.id}`);
    await p.page.getByRole('heading', { name: customer.fullName, level: 2 }).waitFor();
    await send(p.page, 'I am outside.');
    await messages(p.page, customer.fullName).getByText('I am outside.').waitFor();
    for (const tab of [a.page, tabB]) await tab.getByRole('link', { name: 'Chat: 1 unread' }).waitFor();

    // Tab A reads the conversation: tab B's count goes too, without a reload.
    await a.page
      .getByRole('region', { name: 'Contacts' })
      .getByRole('link', { name: new RegExp(provider.fullName) })
      .click();
    await messages(a.page, provider.fullName).getByText('I am outside.').waitFor();
    await a.page.getByRole('link', { name: 'Chat', exact: true }).waitFor();
    await tabB.getByRole('link', { name: 'Chat', exact: true }).waitFor();

    // A message read at once in the open conversation of tab A is not counted in tab B either.
    await send(p.page, 'The blue car.');
    await messages(a.page, provider.fullName).getByText('The blue car.').waitFor();
    await tabB.waitForTimeout(1_000);
    await tabB.getByRole('link', { name: 'Chat', exact: true }).waitFor({ timeout: 5_000 });
    assert.equal(await tabB.getByTestId('chat-unread-count').count(), 0, 'tab B still counts a message read in tab A');

    assert.deepEqual(a.errors, []);
    assert.deepEqual(tabBErrors, []);
    assert.deepEqual(p.errors, []);
    await a.context.close();
    await p.context.close();
  });

  it('shows long names whole in the contacts and the conversation, and a long file name with its icon and size, on a phone and a desktop', async () => {
    // Names as long as signup takes (15 + 15 characters); two customers whose first names are the same.
    const tag = () => randomUUID().slice(0, 6);
    const provider = await providerOffering('Driver', 25, { first_name: 'Maximilianusxyz', last_name: `Wolfeschl${tag()}` });
    const customers = [
      await customerWithCards([GOOD_CARD], { first_name: 'Bartholomew', last_name: `Featherst${tag()}` }),
      await customerWithCards([GOOD_CARD], { first_name: 'Bartholomew', last_name: `Jonesbury${tag()}` }),
    ];
    for (const customer of customers) {
      await bookViaApi(customer, provider);
      const body = { customer_id: customer.id, provider_id: provider.id, message_type: 'text', message: 'Hello there' };
      assert.equal((await apiCall('POST', '/api/chats', body, customer.token)).status, 201);
    }
    // The first customer sends a PDF with a long name.
    const fileName = 'Quarterly-invoice-for-the-airport-transfer-2026.pdf';
    const form = new FormData();
    form.append('customer_id', String(customers[0].id));
    form.append('provider_id', String(provider.id));
    form.append('message_type', 'attachment');
    form.append('message', '');
    form.append('attachment', new Blob([PDF], { type: 'application/pdf' }), fileName);
    const sent = await fetch(`${API_URL}/api/chats`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${customers[0].token}` },
      body: form,
    });
    assert.equal(sent.status, 201, await sent.text());

    const { page, context, errors } = await openPage(browser());
    await signInDirectly(page, provider.account);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/chatview');
      const contacts = page.getByRole('region', { name: 'Contacts' });
      for (const customer of customers) {
        const name = contacts.getByRole('link', { name: new RegExp(customer.fullName) });
        await name.waitFor();
        assert.equal(await isCut(name), false, `at ${viewport.width} px the contact ${customer.fullName} is cut short`);
      }
      await contacts.getByRole('link', { name: new RegExp(customers[0].fullName) }).click();
      const heading = page.getByRole('heading', { name: customers[0].fullName, level: 2 });
      await heading.waitFor();
      assert.equal(await isCut(heading), false, `at ${viewport.width} px the conversation's name is cut short`);
      // The file's link: its icon keeps its size, and its size reads on one line after the name.
      const link = messages(page, customers[0].fullName).getByRole('link', {
        name: new RegExp(`^${fileName.replace(/\./g, '\\.')} \\(`),
      });
      await link.waitFor();
      const icon = await link.locator('svg').boundingBox();
      assert.ok(icon && icon.width >= 17, `at ${viewport.width} px the file icon is squeezed to ${icon?.width} px`);
      const size = link.getByText(/^\(\d+ B\)$/);
      const lines = await size.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
      assert.ok(lines < 1.5, `at ${viewport.width} px the file size takes ${lines.toFixed(1)} lines`);
      // Chosen to send, a long file name is cut but its size is shown.
      await page
        .getByLabel('Attach a file')
        .setInputFiles({ name: `Another-${fileName}`, mimeType: 'application/pdf', buffer: PDF });
      const chosen = page.getByRole('form', { name: 'Send a message' }).getByText(/^\(\d+ B\)$/);
      assert.equal(await isCut(chosen), false, `at ${viewport.width} px the chosen file's size is cut off`);
      await page.getByRole('button', { name: `Remove Another-${fileName}` }).click();
      await snap(page, `chat-long-names-${viewport.width}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps the composer on screen above the location notice, on a phone and a desktop, with no page scroll', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Noa', last_name: `Chat${randomUUID().slice(0, 6)}` });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Ida', last_name: `Chat${randomUUID().slice(0, 6)}` });
    await bookViaApi(customer, provider);
    // A conversation longer than the pane: only the message list scrolls, never the page.
    for (let i = 1; i <= 40; i++) {
      const body = { customer_id: customer.id, provider_id: provider.id, message_type: 'text', message: `Are you near? ${i}` };
      assert.equal((await apiCall('POST', '/api/chats', body, customer.token)).status, 201);
    }
    for (const viewport of [PHONE, DESKTOP]) {
      // The provider has not allowed location sharing: the notice bar is shown at the bottom.
      const { page, context } = await openPage(browser(), viewport);
      await signInDirectly(page, provider.account);
      await page.goto(`/chatview/${customer.id}`);
      // The conversation has loaded: its newest message is shown (the composer is there before that).
      await page.getByRole('log').getByText('Are you near? 40', { exact: true }).waitFor();
      const notice = page.getByRole('status', { name: 'Location notice' });
      await notice.waitFor();
      const bar = await notice.boundingBox();
      for (const control of [page.getByRole('textbox', { name: 'Message' }), page.getByRole('button', { name: 'Send' })]) {
        await control.waitFor();
        const box = await control.boundingBox();
        assert.ok(box && bar && box.y + box.height <= bar.y, `at ${viewport.width} px the location notice covers the composer`);
      }
      await newestInView(page, `at ${viewport.width} px`);
      const scroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      assert.equal(scroll, 0, `at ${viewport.width} px the chat page scrolls by ${scroll} px`);
      if (viewport === DESKTOP) {
        await snap(page, 'chat-composer-above-notice');
        // The window gets shorter (a phone's keyboard opens, a window is resized): the list stays at its newest.
        await page.setViewportSize({ width: DESKTOP.width, height: 560 });
        await newestInView(page, 'after the window got shorter');
      }
      await context.close();
    }
  });

  it('a message arriving while the reader is scrolled up stays unread until they reach it; a message not sent asks before a reload', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Omar', last_name: `Up${randomUUID().slice(0, 6)}` });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Lea', last_name: `Up${randomUUID().slice(0, 6)}` });
    await bookViaApi(customer, provider);
    for (let i = 1; i <= 40; i++) {
      const body = { customer_id: customer.id, provider_id: provider.id, message_type: 'text', message: `Earlier ${i}` };
      assert.equal((await apiCall('POST', '/api/chats', body, provider.token)).status, 201);
    }
    const c = await openPage(browser());
    await signInDirectly(c.page, customer.account);
    const p = await openPage(browser());
    await signInDirectly(p.page, provider.account);
    const subscribed = channelSubscribed(c.page);
    await c.page.goto(`/chatview/${provider.id}`);
    const log = messages(c.page, provider.fullName);
    await log.getByText('Earlier 40', { exact: true }).waitFor();
    await c.page.getByRole('link', { name: 'Chat', exact: true }).waitFor();
    await subscribed;
    await p.page.goto(`/chatview/${customer.id}`);
    await messages(p.page, customer.fullName).getByText('Earlier 40', { exact: true }).waitFor();

    // The customer scrolls up to older messages; the provider writes. It shows, but is not read yet.
    await log.evaluate((el) => {
      el.scrollTop = 0;
    });
    await send(p.page, 'Are you still there?');
    await log.getByText('Are you still there?').waitFor();
    const newMessages = c.page.getByRole('button', { name: 'New messages' });
    await newMessages.waitFor();
    await c.page.getByRole('link', { name: 'Chat: 1 unread' }).waitFor();
    await c.page.waitForTimeout(1_000);
    assert.equal(await c.page.getByRole('link', { name: 'Chat: 1 unread' }).count(), 1, 'read while scrolled up');
    await snap(c.page, 'chat-unread-while-scrolled-up');
    // New messages takes the customer to it: now it is read.
    await newMessages.click();
    await c.page.getByRole('link', { name: 'Chat', exact: true }).waitFor();

    // A message the server never took: the reload asks first, and, dismissed, the message stays with Retry.
    await c.page.route('**/api/chats', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
    await send(c.page, 'Sent into the void');
    await log.getByText(/^Not sent:/).waitFor();
    const asked = new Promise<string>((resolve) =>
      c.page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await c.page.evaluate(() => setTimeout(() => window.location.reload(), 0));
    assert.equal(await asked, 'beforeunload');
    await log.getByText('Sent into the void').waitFor();
    await log.getByRole('button', { name: 'Retry' }).waitFor();
    await c.page.unroute('**/api/chats');

    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });
});
