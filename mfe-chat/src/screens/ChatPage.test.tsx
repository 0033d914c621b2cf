import { readFileSync } from 'fs';
import { join } from 'path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, sessionActions, setRuntimeConfig, setTokenProvider, type Chat, type Job, type Message } from 'shared';
import { deferred, fail, fakeApi, ok, type FakeReply } from '../testing/fakeApi';
import { cara, carl, dora, makeChat, makeMessage, ME_CUSTOMER_ID, pete } from '../testing/fixtures';
import { assignTiming } from '../hooks/useAssignJob';
import { messagesNotRefreshed } from '../components/ConversationPane';
import { renderChat } from '../testing/renderChat';
import { setupScreenTest } from '../testing/screenTest';

const { bus: recorded } = setupScreenTest();

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://api.test' }));

const messagesReply = (messages: Message[], hasMore = false, page = 1): FakeReply => ({
  status: 200,
  data: { data: { messages }, message: 'Success', meta: { page, per_page: 30, has_more: hasMore } },
});
/** A call that got no answer (no connection), as axios fails it. */
const noAnswer = () => Promise.reject(Object.assign(new Error('Network Error'), { isAxiosError: true }));
const readReply = (chatId: number, total = 0) => ok({ chat_id: chatId, unread_count: 0, unread_total: total });

/** Cara (customer 10) chats with Pete (provider 20, newest, 2 unread) and Dora (provider 21, a file last). */
function customerChats(): Chat[] {
  return [
    makeChat(1, cara, pete, {
      unread_count: 2,
      last_message: makeMessage({
        id: 12,
        chat_id: 1,
        from_id: pete.id,
        message_type: 'photo',
        message: '',
        attachment: '/uploads/a.png',
        attachment_name: 'dent.png',
        created_at: '2025-06-15T11:30:00.000Z',
      }),
    }),
    makeChat(2, cara, dora, {
      last_message: makeMessage({
        id: 5,
        chat_id: 2,
        from_id: cara.id,
        message_type: 'attachment',
        message: '',
        attachment: '/uploads/b.pdf',
        attachment_name: 'invoice.pdf',
        created_at: '2025-06-14T09:05:00.000Z',
      }),
    }),
  ];
}

const peteMessages = (): Message[] => [
  makeMessage({
    id: 12,
    chat_id: 1,
    from_id: pete.id,
    message_type: 'photo',
    message: '',
    attachment: '/uploads/a.png',
    attachment_name: 'dent.png',
    attachment_size: 2048,
    created_at: '2025-06-15T11:30:00.000Z',
  }),
  makeMessage({ id: 11, chat_id: 1, from_id: pete.id, message: 'On my way', created_at: '2025-06-15T11:00:00.000Z' }),
  makeMessage({ id: 10, chat_id: 1, from_id: cara.id, message: 'Hi Pete', created_at: '2025-06-15T10:00:00.000Z' }),
];

function customerApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/chats': ok(customerChats()),
    'GET /api/chats/1/messages': messagesReply(peteMessages()),
    'GET /api/chats/2/messages': messagesReply([]),
    'POST /api/chats/1/read': readReply(1),
    'POST /api/chats/2/read': readReply(2),
    ...extra,
  });
}

/** jsdom lays nothing out: the message list reports this height, and what it is scrolled to is recorded. */
const LIST_HEIGHT = 1000;
function watchScrolling(): number[] {
  const scrolls: number[] = [];
  jest.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(LIST_HEIGHT);
  jest.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, value: number) {
    if (this.getAttribute('role') === 'log') scrolls.push(value);
  });
  return scrolls;
}

/** Opens the conversation with Pete and waits for its three messages; answers the message list. */
async function openPeteConversation(): Promise<HTMLElement> {
  renderChat({ route: '/chatview/20' });
  const log = await screen.findByRole('log');
  await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
  return log;
}

/** Waits for the open conversation's log to show `count` messages. */
async function openedLog(count: number): Promise<HTMLElement> {
  const log = await screen.findByRole('log');
  await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(count));
  return log;
}

const contacts = () => within(screen.getByRole('region', { name: 'Contacts' }));
const conversation = () => within(screen.getByRole('region', { name: 'Conversation' }));
const unreadEvents = () => recorded.events.flatMap((e) => (e.type === 'chat/unreadChanged' ? [e.total] : []));

/** jsdom cascades the rules of a <style> into getComputedStyle (it lays nothing out): chat.css, for this test. */
function applyChatCss(): () => void {
  const style = document.createElement('style');
  style.textContent = readFileSync(join(__dirname, '..', 'chat.css'), 'utf8');
  document.head.append(style);
  return () => style.remove();
}

/** The element an absolutely positioned element is placed against: its nearest positioned ancestor. */
function containingBlockOf(el: Element): Element | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (!['', 'static'].includes(getComputedStyle(node).position)) return node;
  }
  return null;
}

/** Fakes how the phone layout shows the panes: a hidden pane has no boxes (display: none), a shown one has. */
function paneShown(region: HTMLElement, shown: boolean) {
  jest.spyOn(region, 'getClientRects').mockReturnValue((shown ? [new DOMRect(0, 0, 300, 600)] : []) as unknown as DOMRectList);
}

describe('the contact list', () => {
  it('shows a Customer the providers: avatar or initial, name, last message, time and unread count, newest first', async () => {
    customerApi();
    renderChat();
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    const links = await contacts().findAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['Pete Provider, 2 unread', 'Dora Driver']);
    expect(links[0]).toHaveAttribute('href', '/chatview/20');
    const [peteItem, doraItem] = links.map((l): HTMLElement => l.closest('li')!) as [HTMLElement, HTMLElement];
    expect(within(peteItem).getByRole('img', { name: 'Pete Provider' })).toHaveAttribute(
      'src',
      'http://api.test/uploads/pete.png',
    );
    expect(peteItem).toHaveTextContent('Photo');
    expect(peteItem).toHaveTextContent('Jun 15th 25, 11:30 am');
    expect(peteItem.querySelector('.chat-unread')).toHaveTextContent('2');
    expect(within(doraItem).getByRole('img', { name: 'Dora Driver' })).toHaveTextContent('D');
    expect(doraItem).toHaveTextContent('invoice.pdf');
    expect(doraItem.querySelector('.chat-unread')).toBeNull();
    expect(screen.getByText('Choose a contact to start chatting.')).toBeInTheDocument();
    // The sidebar hears the total.
    await waitFor(() => expect(unreadEvents()).toContain(2));
  });

  it('shows a Provider the customers they chat with, not a customer who opened a chat and wrote nothing', async () => {
    const browsing = { id: 12, full_name: 'Browsing Only', first_name: 'Browsing', avatar: null };
    const from = (chatId: number, person: { id: number }, created_at: string) =>
      makeMessage({ chat_id: chatId, from_id: person.id, message: 'Hello', created_at });
    fakeApi({
      'GET /api/chats': ok([
        makeChat(3, cara, pete, {
          updated_at: '2025-06-15T10:00:00.000Z',
          last_message: from(3, cara, '2025-06-15T10:00:00.000Z'),
        }),
        makeChat(5, browsing, pete, { updated_at: '2025-06-15T09:00:00.000Z' }),
        makeChat(4, carl, pete, {
          updated_at: '2025-06-14T10:00:00.000Z',
          last_message: from(4, pete, '2025-06-14T10:00:00.000Z'),
        }),
      ]),
    });
    renderChat({ role: 'Provider' });
    const links = await contacts().findAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['Cara Customer', 'Carl Client']);
    expect(links[0]).toHaveAttribute('href', '/chatview/10');
    expect(contacts().queryByText('No messages yet')).not.toBeInTheDocument();
  });

  it('filters the contacts by name with the search box', async () => {
    customerApi();
    renderChat();
    await contacts().findAllByRole('link');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'dora');
    expect(
      contacts()
        .getAllByRole('link')
        .map((l) => l.getAttribute('aria-label')),
    ).toEqual(['Dora Driver']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search contacts' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'zed');
    expect(contacts().queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('No contact matches “zed”.')).toBeInTheDocument();
  });

  it('has a clear empty state: customers get a link to /service', async () => {
    fakeApi({ 'GET /api/chats': ok([]) });
    renderChat();
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a provider' })).toHaveAttribute('href', '/service');
  });

  it('has a clear empty state for providers too', async () => {
    fakeApi({ 'GET /api/chats': ok([]) });
    renderChat({ role: 'Provider' });
    expect(await screen.findByText('Customers who write to you appear here.')).toBeInTheDocument();
    // A provider writes first from a booking's details: the way there is offered.
    expect(screen.getByRole('link', { name: 'Active Bookings' })).toHaveAttribute('href', '/activebooking');
    expect(screen.queryByRole('link', { name: 'Find a provider' })).not.toBeInTheDocument();
  });

  it('says when the chats cannot be loaded, and retries', async () => {
    let calls = 0;
    fakeApi({ 'GET /api/chats': () => (++calls === 1 ? fail(500, 'Server Error') : ok(customerChats())) });
    renderChat();
    expect(await screen.findByText('Your chats could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await contacts().findAllByRole('link')).toHaveLength(2);
  });
});

describe('opening a conversation', () => {
  it('with the contacts not loaded, the conversation asked for says why it cannot open, with Retry for a phone, which opens it', async () => {
    let lists = 0;
    customerApi({ 'GET /api/chats': () => (++lists === 1 ? fail(500, 'Server Error') : ok(customerChats())) });
    const removeCss = applyChatCss();
    const user = userEvent.setup();
    try {
      renderChat({ route: '/chatview/20' });
      expect(await conversation().findByRole('heading', { level: 2, name: 'Conversation unavailable' })).toBeInTheDocument();
      expect(conversation().queryByText('Choose a contact to start chatting.')).not.toBeInTheDocument();
      // On a phone, where the contacts' own message is hidden, the pane says it with Retry; on a wide window
      // (jsdom applies no media query) the contacts beside it say it, and the pane only what waits on them.
      const narrowOnly = conversation().getByText('Your chats could not be loaded.').closest('.chat-pane-narrow-only')!;
      expect(within(narrowOnly as HTMLElement).getByText('Server Error')).toBeInTheDocument();
      expect(getComputedStyle(narrowOnly).display).toBe('none');
      expect(conversation().getByText('This conversation opens once your chats are loaded.')).toBeVisible();
      removeCss();
      await user.click(within(narrowOnly as HTMLElement).getByRole('button', { name: 'Retry' }));
      expect(await conversation().findByRole('heading', { level: 2, name: 'Pete Provider' })).toBeInTheDocument();
      expect(lists).toBe(2);
    } finally {
      removeCss();
    }
  });

  it('/chatview/{userId} opens the chat with that user: header, messages in reading order, mine and theirs, times; marks it read', async () => {
    const api = customerApi();
    renderChat({ route: '/chatview/20' });
    expect(await conversation().findByRole('heading', { level: 2, name: 'Pete Provider' })).toBeInTheDocument();
    const log = await screen.findByRole('log', { name: 'Messages with Pete Provider' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((li) => li.className)).toEqual([
      'chat-message chat-message--mine',
      'chat-message chat-message--theirs',
      'chat-message chat-message--theirs',
    ]);
    expect(items[0]).toHaveTextContent('You:Hi Pete');
    expect(items[0]).toHaveTextContent('Jun 15th 25, 10:00 am');
    expect(items[1]).toHaveTextContent('Pete Provider:On my way');
    // A photo: an image that opens full size.
    const photo = within(items[2]).getByRole('img', { name: 'Photo dent.png' });
    expect(photo).toHaveAttribute('src', 'http://api.test/uploads/a.png');
    expect(photo.closest('a')).toHaveAttribute('href', 'http://api.test/uploads/a.png');
    expect(photo.closest('a')).toHaveAttribute('target', '_blank');

    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/chats/1/read')).toBe(true));
    expect(contacts().getByRole('link', { name: 'Pete Provider' })).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(unreadEvents().at(-1)).toBe(0));
  });

  it('a list asked for before a chat was read, answering after, does not count it unread again', async () => {
    let lists = 0;
    let answerLate: (reply: FakeReply) => void = () => undefined;
    customerApi({
      'GET /api/chats': () => {
        lists += 1;
        return lists === 1 ? ok(customerChats()) : new Promise<FakeReply>((resolve) => (answerLate = resolve));
      },
    });
    renderChat();
    await contacts().findByRole('link', { name: 'Pete Provider, 2 unread' });
    // The channel reconnects: the list is asked for again (read on the server before Pete's chat is opened).
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(lists).toBe(2));
    await userEvent.click(contacts().getByRole('link', { name: 'Pete Provider, 2 unread' }));
    await contacts().findByRole('link', { name: 'Pete Provider' });
    await act(async () => {
      answerLate(ok(customerChats()));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(contacts().getByRole('link', { name: 'Pete Provider' })).toBeInTheDocument();
    expect(contacts().queryByRole('link', { name: 'Pete Provider, 2 unread' })).not.toBeInTheDocument();
    expect(unreadEvents().at(-1)).toBe(0);
  });

  it('a contact opens its conversation; the back control returns to the list', async () => {
    customerApi();
    renderChat();
    await userEvent.click(await contacts().findByRole('link', { name: 'Dora Driver' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/chatview/21');
    expect(await conversation().findByText('No messages yet. Say hello!')).toBeInTheDocument();
    await userEvent.click(conversation().getByRole('button', { name: 'Back to contacts' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/chatview$/);
    expect(screen.getByText('Choose a contact to start chatting.')).toBeInTheDocument();
  });

  it("Back to contacts goes back to the list's own entry: the browser's Back afterwards does not return into the conversation", async () => {
    customerApi();
    renderChat({ before: ['/'] });
    await userEvent.click(await contacts().findByRole('link', { name: 'Dora Driver' }));
    expect(await conversation().findByText('No messages yet. Say hello!')).toBeInTheDocument();
    await userEvent.click(conversation().getByRole('button', { name: 'Back to contacts' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/chatview$/);
    await userEvent.click(screen.getByTestId('browser-back'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
  });

  it("a conversation opened from elsewhere (a profile's Chat): Back to contacts shows the list in its place, and the browser's Back leaves chat", async () => {
    customerApi();
    renderChat({ route: '/chatview/20', before: ['/providerprofile'] });
    expect(await screen.findByRole('log')).toBeInTheDocument();
    await userEvent.click(conversation().getByRole('button', { name: 'Back to contacts' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/chatview$/);
    expect(screen.getByText('Choose a contact to start chatting.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('browser-back'));
    expect(screen.getByTestId('location')).toHaveTextContent('/providerprofile');
  });

  it('creates the chat when the user has none with that person yet', async () => {
    const newChat = makeChat(
      9,
      cara,
      { id: 22, full_name: 'Nina New', avatar: null },
      { updated_at: '2025-06-16T08:00:00.000Z' },
    );
    const api = customerApi({
      'POST /api/chats/open': (config) =>
        (JSON.parse(String(config.data)) as { user_id?: number }).user_id === 22
          ? { status: 201, data: { data: newChat, message: 'Chat created' } }
          : fail(404, 'No provider has this id.'),
      'GET /api/chats/9/messages': messagesReply([]),
      'POST /api/chats/9/read': readReply(9, 2),
    });
    renderChat({ route: '/chatview/22' });
    expect(await conversation().findByRole('heading', { name: 'Nina New' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/chats/open')?.body).toEqual({ user_id: 22 });
    expect(contacts().getAllByRole('link')[0]).toHaveAccessibleName('Nina New');
    expect(await conversation().findByText('No messages yet. Say hello!')).toBeInTheDocument();
  });

  it.each([
    [404, 'No provider has this id.'],
    [400, 'The user id must be a positive integer.'],
  ])('a user id that is no possible counterpart (%i) shows the reason', async (status, message) => {
    customerApi({ 'POST /api/chats/open': fail(status, message) });
    renderChat({ route: '/chatview/11' });
    expect(await conversation().findByRole('alert')).toHaveTextContent(`This conversation cannot be opened: ${message}`);
    expect(conversation().queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(conversation().getByRole('button', { name: 'Back to contacts' })).toBeInTheDocument();
    // Asking again cannot change the answer: no Retry.
    expect(conversation().queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('opening a new chat that failed for want of a connection offers Retry, which opens it', async () => {
    const newChat = makeChat(9, cara, { id: 22, full_name: 'Nina New', avatar: null });
    let online = false;
    const api = customerApi({
      'POST /api/chats/open': () => (online ? { status: 201, data: { data: newChat, message: 'Chat created' } } : noAnswer()),
      'GET /api/chats/9/messages': messagesReply([]),
      'POST /api/chats/9/read': readReply(9, 0),
    });
    const user = userEvent.setup();
    renderChat({ route: '/chatview/22' });
    expect(await conversation().findByRole('alert')).toHaveTextContent(
      'This conversation cannot be opened: The server cannot be reached. Check your connection and retry.',
    );
    online = true;
    await user.click(conversation().getByRole('button', { name: 'Retry' }));
    expect(await conversation().findByRole('heading', { name: 'Nina New' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/chats/open')).toHaveLength(2);
  });

  it("the user's own id says it is their own account, without asking the API", async () => {
    const api = customerApi({ 'POST /api/chats/open': fail(404, 'No provider has this id.') });
    renderChat({ route: `/chatview/${cara.id}` });
    expect(await conversation().findByRole('alert')).toHaveTextContent(
      'This conversation cannot be opened: that user id is your own account.',
    );
    expect(conversation().queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/chats/open')).toHaveLength(0);
  });

  it('an address that is no user id says so', async () => {
    customerApi();
    renderChat({ route: '/chatview/abc' });
    expect(await conversation().findByRole('alert')).toHaveTextContent(
      '“abc” is not a user id, so there is no conversation to open.',
    );
  });

  it('a ?chat= that is no chat id says so', async () => {
    customerApi();
    renderChat({ route: '/chatview?chat=abc' });
    expect(await conversation().findByRole('alert')).toHaveTextContent(
      '“abc” is not a chat id, so there is no conversation to open.',
    );
  });

  it('?chat={chatId} opens a conversation by its chat id (a Chat notification)', async () => {
    customerApi();
    renderChat({ route: '/chatview?chat=2' });
    expect(await conversation().findByRole('heading', { name: 'Dora Driver' })).toBeInTheDocument();
  });

  it('loads older messages (the API pages them) and shows them above, not read out as new', async () => {
    const older = [makeMessage({ id: 3, chat_id: 1, from_id: pete.id, message: 'Earlier hello' })];
    const api = customerApi({
      'GET /api/chats/1/messages': (config) =>
        (config.params as { page?: number } | undefined)?.page === 2
          ? messagesReply(older, false, 2)
          : messagesReply(peteMessages(), true),
    });
    renderChat({ route: '/chatview/20' });
    const button = await screen.findByRole('button', { name: 'Load older messages' });
    const scrolls = watchScrolling();
    await userEvent.click(button);
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(4));
    // Clicked, the reader's place is kept: scrolled back to where they were reading (the list's height less
    // what was below the top before; jsdom's heights do not grow).
    expect(scrolls).toEqual([0]);
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Earlier hello');
    // The last page took the button away: the focus went to the oldest message, not to the page.
    expect(within(log).getAllByRole('listitem')[0]).toHaveFocus();
    // History added to the live log is not read out as news; the messages shown at first, and new ones, are the log's.
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-live')),
    ).toEqual(['off', null, null, null]);
    act(() =>
      bus.emit({ type: 'realtime/message', message: makeMessage({ id: 40, chat_id: 1, from_id: pete.id, message: 'Now' }) }),
    );
    expect(within(log).getAllByRole('listitem').at(-1)).not.toHaveAttribute('aria-live');
    expect(api.calls.filter((c) => c.url === '/api/chats/1/messages')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('with the keyboard: focus reaching Load older messages loads nothing; Enter does, and the focus keeps its place', async () => {
    const answers: ((reply: FakeReply) => void)[] = [];
    customerApi({
      'GET /api/chats/1/messages': (config) =>
        ((config.params as { page?: number } | undefined)?.page ?? 1) > 1
          ? new Promise<FakeReply>((resolve) => answers.push(resolve))
          : messagesReply(peteMessages(), true),
    });
    const answerPage = (ids: number[], hasMore: boolean) =>
      act(async () =>
        answers.shift()!(
          messagesReply(
            ids.map((id) => makeMessage({ id, chat_id: 1, from_id: pete.id, message: `Older ${id}` })),
            hasMore,
          ),
        ),
      );
    const log = await openPeteConversation();
    const scrolls = watchScrolling();
    log.focus();
    await userEvent.tab();
    const button = within(log).getByRole('button', { name: 'Load older messages' });
    expect(button).toHaveFocus();
    fireEvent.scroll(log); // the browser scrolled it into view, to the top (jsdom's scrollTop is 0)
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toHaveLength(0);

    await userEvent.keyboard('{Enter}');
    // Busy, not disabled, while the page comes: the button keeps the focus, and a second press asks nothing more.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(answers).toHaveLength(1);
    await answerPage([5, 4], true);
    expect(within(log).getAllByRole('listitem')).toHaveLength(5);
    // More are left: the button stays, with the focus.
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveFocus();

    await userEvent.keyboard(' ');
    expect(button).toHaveFocus();
    await answerPage([2, 1], false);
    expect(within(log).getAllByRole('listitem')).toHaveLength(7);
    // The last page took the button away: the focus is on the first message it brought, not on the page.
    expect(button).not.toBeInTheDocument();
    const oldest = within(log).getAllByRole('listitem')[0];
    expect(oldest).toHaveTextContent('Older 1');
    expect(oldest).toHaveFocus();
    // Asked with a key, the view stays at the top, where the focus is: the place is not kept below it.
    expect(scrolls).toEqual([]);
  });

  it('scrolled to the top, older messages still load by themselves', async () => {
    const api = customerApi({
      'GET /api/chats/1/messages': (config) =>
        (config.params as { page?: number } | undefined)?.page === 2
          ? messagesReply([makeMessage({ id: 3, chat_id: 1, from_id: pete.id, message: 'Earlier hello' })], false, 2)
          : messagesReply(peteMessages(), true),
    });
    const log = await openPeteConversation();
    fireEvent.scroll(log); // jsdom's scrollTop is 0: the top
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(4));
    expect(api.calls.filter((c) => c.url === '/api/chats/1/messages')).toHaveLength(2);
  });
});

describe('a conversation opened again in the same page', () => {
  it('shows its messages at once; with no connection they stay, said not refreshed', async () => {
    let offline = false;
    customerApi({ 'GET /api/chats/1/messages': () => (offline ? noAnswer() : messagesReply(peteMessages())) });
    const first = renderChat({ route: '/chatview/20' });
    await openedLog(3);
    first.unmount();
    offline = true;

    renderChat({ route: '/chatview/20' });
    const log = await screen.findByRole('log', { name: 'Messages with Pete Provider' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(3);
    expect(
      await conversation().findByText(messagesNotRefreshed('The server cannot be reached. Check your connection and retry.')),
    ).toBeInTheDocument();
    expect(within(log).getByText('On my way')).toBeInTheDocument();
  });

  it('is replaced by the newest page when it comes, keeping a message that arrived meanwhile', async () => {
    let answerPage: (reply: FakeReply) => void = () => undefined;
    let pages = 0;
    customerApi({
      'GET /api/chats/1/messages': () =>
        ++pages === 1 ? messagesReply(peteMessages()) : new Promise<FakeReply>((resolve) => (answerPage = resolve)),
    });
    const first = renderChat({ route: '/chatview/20' });
    await openedLog(3);
    first.unmount();

    renderChat({ route: '/chatview/20' });
    const log = await screen.findByRole('log', { name: 'Messages with Pete Provider' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(3);
    const live = makeMessage({
      id: 14,
      chat_id: 1,
      from_id: pete.id,
      message: 'Here now',
      created_at: '2025-06-15T12:10:00.000Z',
    });
    act(() => bus.emit({ type: 'realtime/message', message: live }));
    expect(within(log).getByText('Here now')).toBeInTheDocument();
    const stored = makeMessage({
      id: 13,
      chat_id: 1,
      from_id: pete.id,
      message: 'Parked outside',
      created_at: '2025-06-15T12:00:00.000Z',
    });
    await act(async () => answerPage(messagesReply([stored, ...peteMessages()])));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(5));
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Here now');
    expect(within(log).getAllByRole('listitem').at(-2)).toHaveTextContent('Parked outside');
  });

  /** Pete's conversation over pages of the API: page 1 its three newest (more behind), page 2 one older. */
  const pagedPete = (firstPage: () => FakeReply | Promise<FakeReply>) =>
    customerApi({
      'GET /api/chats/1/messages': (config) =>
        (config.params as { page?: number } | undefined)?.page === 2
          ? messagesReply([makeMessage({ id: 3, chat_id: 1, from_id: pete.id, message: 'Earlier hello' })], false, 2)
          : firstPage(),
    });
  const newest = makeMessage({ id: 13, chat_id: 1, from_id: pete.id, message: 'Parked outside' });

  it('the older page the reader had loaded stays when the newest page comes', async () => {
    let slow: ReturnType<typeof deferred> | null = null;
    pagedPete(() => slow?.handler() ?? messagesReply(peteMessages(), true));
    const first = renderChat({ route: '/chatview/20' });
    await userEvent.click(await screen.findByRole('button', { name: 'Load older messages' }));
    await openedLog(4);
    first.unmount();
    slow = deferred(messagesReply([newest, ...peteMessages()], true));

    renderChat({ route: '/chatview/20' });
    const log = await openedLog(4);
    await act(async () => slow?.release());
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(5));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Earlier hello');
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Parked outside');
  });

  it('Load older messages pressed before the newest page comes loads the older page, which stays', async () => {
    let slow: ReturnType<typeof deferred> | null = null;
    pagedPete(() => slow?.handler() ?? messagesReply(peteMessages(), true));
    const first = renderChat({ route: '/chatview/20' });
    await openedLog(3);
    first.unmount();
    slow = deferred(messagesReply([newest, ...peteMessages()], true));

    renderChat({ route: '/chatview/20' });
    await userEvent.click(await screen.findByRole('button', { name: 'Load older messages' }));
    const log = await openedLog(4);
    await act(async () => slow?.release());
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(5));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Earlier hello');
  });

  it("each conversation shows its own: another contact chosen never shows the last one's messages", async () => {
    let offline = false;
    customerApi({
      'GET /api/chats/1/messages': () => (offline ? noAnswer() : messagesReply(peteMessages())),
      'GET /api/chats/2/messages': () => (offline ? noAnswer() : messagesReply([])),
    });
    const user = userEvent.setup();
    renderChat({ route: '/chatview/20' });
    await openedLog(3);
    await user.click(contacts().getByRole('link', { name: /^Dora Driver/ }));
    expect(await conversation().findByRole('heading', { level: 2, name: 'Dora Driver' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('log')).queryAllByRole('listitem')).toHaveLength(0));
    offline = true;

    await user.click(contacts().getByRole('link', { name: /^Pete Provider/ }));
    await waitFor(() =>
      expect(within(screen.getByRole('log', { name: 'Messages with Pete Provider' })).getAllByRole('listitem')).toHaveLength(3),
    );
    await user.click(contacts().getByRole('link', { name: /^Dora Driver/ }));
    const doraLog = await screen.findByRole('log', { name: 'Messages with Dora Driver' });
    expect(within(doraLog).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(doraLog).queryByText('On my way')).not.toBeInTheDocument();
  });
});

describe('the page layout', () => {
  it('places the hidden speaker labels ("You:") inside the scrolling message list, so the page does not scroll into empty space', async () => {
    customerApi();
    const removeCss = applyChatCss();
    try {
      renderChat({ route: '/chatview/20' });
      const log = await screen.findByRole('log', { name: 'Messages with Pete Provider' });
      const labels = [...log.querySelectorAll('.ui-visually-hidden')];
      expect(labels.map((l) => l.textContent)).toEqual(['You:', 'Pete Provider:', 'Pete Provider:']);
      for (const label of labels) expect(log.contains(containingBlockOf(label))).toBe(true);
    } finally {
      removeCss();
    }
  });
});

describe('focus when the panes switch (phone)', () => {
  it('choosing a contact with the keyboard moves focus to the conversation; Back returns it to that contact', async () => {
    customerApi();
    renderChat();
    paneShown(screen.getByRole('region', { name: 'Contacts' }), false);
    const dora = await contacts().findByRole('link', { name: 'Dora Driver' });
    dora.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/chatview/21');
    expect(conversation().getByRole('heading', { level: 2, name: 'Dora Driver' })).toHaveFocus();

    await userEvent.tab({ shift: true }); // from the heading to the control before it
    expect(conversation().getByRole('button', { name: 'Back to contacts' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/chatview$/);
    expect(contacts().getByRole('link', { name: 'Dora Driver' })).toHaveFocus();
  });

  it('on a wide window, where both panes stay, focus stays on the chosen contact', async () => {
    customerApi();
    renderChat();
    paneShown(screen.getByRole('region', { name: 'Contacts' }), true);
    const dora = await contacts().findByRole('link', { name: 'Dora Driver' });
    dora.focus();
    await userEvent.keyboard('{Enter}');
    expect(await conversation().findByRole('heading', { level: 2, name: 'Dora Driver' })).not.toHaveFocus();
    expect(contacts().getByRole('link', { name: 'Dora Driver' })).toHaveFocus();
  });
});

describe('live messages', () => {
  it('an incoming message appears in the open conversation at once and is marked read', async () => {
    const api = customerApi();
    renderChat({ route: '/chatview/20' });
    const log = await screen.findByRole('log');
    const reads = () => api.calls.filter((c) => c.url === '/api/chats/1/read').length;
    await waitFor(() => expect(reads()).toBe(1));
    act(() =>
      bus.emit({
        type: 'realtime/message',
        message: makeMessage({ id: 40, chat_id: 1, from_id: pete.id, message: 'I am outside' }),
      }),
    );
    const items = within(log).getAllByRole('listitem');
    expect(items[items.length - 1]).toHaveTextContent('I am outside');
    expect(contacts().getAllByRole('link')[0]).toHaveAccessibleName('Pete Provider');
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('a message arriving while the page is hidden (a tab behind others) is marked read only once the page is shown again', async () => {
    const api = customerApi();
    renderChat({ route: '/chatview/20' });
    const log = await screen.findByRole('log');
    const reads = () => api.calls.filter((c) => c.url === '/api/chats/1/read').length;
    await waitFor(() => expect(reads()).toBe(1));
    let visibility: DocumentVisibilityState = 'hidden';
    const shown = jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() =>
      bus.emit({
        type: 'realtime/message',
        message: makeMessage({ id: 41, chat_id: 1, from_id: pete.id, message: 'Are you there?' }),
      }),
    );
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Are you there?');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads()).toBe(1);

    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(reads()).toBe(2));
    // Shown again with nothing new: no further read.
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads()).toBe(2);
    shown.mockRestore();
  });

  it("says a message arriving in another conversation (its contact list changes), not the open one's (its log says them)", async () => {
    customerApi();
    await openPeteConversation();
    const notification = (id: number, chatId: number, description: string) => ({
      id,
      title: 'Chat',
      description,
      user: { avatar: null, full_name: 'x' },
      read: false,
      chat_id: chatId,
    });
    const others = screen.getByRole('status', { name: 'Messages in other conversations' });
    act(() => bus.emit({ type: 'notifications/arrived', notification: notification(90, 1, 'Pete Provider: I am outside') }));
    expect(others).toHaveTextContent('');
    act(() => bus.emit({ type: 'notifications/arrived', notification: notification(91, 2, 'Dora Driver: Invoice sent') }));
    expect(others).toHaveTextContent('Dora Driver: Invoice sent');
  });

  it("the user's own message sent from another tab appears here too, once, with nothing to mark read", async () => {
    const api = customerApi();
    renderChat({ route: '/chatview/20' });
    const log = await screen.findByRole('log');
    const reads = () => api.calls.filter((c) => c.url === '/api/chats/1/read').length;
    await waitFor(() => expect(reads()).toBe(1));
    const mine = makeMessage({ id: 41, chat_id: 1, from_id: cara.id, message: 'Sent from my phone' });
    act(() => bus.emit({ type: 'realtime/message', message: mine }));
    act(() => bus.emit({ type: 'realtime/message', message: mine }));
    expect(within(log).getAllByText('Sent from my phone')).toHaveLength(1);
    expect(contacts().getByRole('link', { name: 'Pete Provider' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(1);
  });

  it('the channel subscribed: a message sent while it connected (no live event) appears, and the contacts reload', async () => {
    let newest = peteMessages();
    let chatLists = 0;
    const api = customerApi({
      'GET /api/chats/1/messages': () => messagesReply(newest),
      'GET /api/chats': () => {
        chatLists += 1;
        return ok(customerChats());
      },
    });
    const log = await openPeteConversation();
    const reads = () => api.calls.filter((c) => c.url === '/api/chats/1/read').length;
    await waitFor(() => expect(reads()).toBe(1));
    const listsBefore = chatLists;

    newest = [makeMessage({ id: 13, chat_id: 1, from_id: pete.id, message: 'Sent while you connected' }), ...peteMessages()];
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(4));
    const items = within(log).getAllByRole('listitem');
    expect(items[items.length - 1]).toHaveTextContent('Sent while you connected');
    await waitFor(() => expect(reads()).toBe(2));
    expect(chatLists).toBe(listsBefore + 1);

    // Subscribed again with nothing new: nothing added, nothing marked read again.
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(chatLists).toBe(listsBefore + 2));
    expect(within(log).getAllByRole('listitem')).toHaveLength(4);
    expect(reads()).toBe(2);
  });

  it('a message that arrives live just before the catch-up answers is shown once', async () => {
    let catchUp: ((reply: FakeReply) => void) | null = null;
    let opened = false;
    customerApi({
      'GET /api/chats/1/messages': () => {
        if (!opened) {
          opened = true;
          return messagesReply(peteMessages());
        }
        return new Promise<FakeReply>((resolve) => (catchUp = resolve));
      },
    });
    const log = await openPeteConversation();
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(catchUp).not.toBeNull());
    const arrived = makeMessage({ id: 13, chat_id: 1, from_id: pete.id, message: 'Both ways at once' });
    await act(async () => {
      bus.emit({ type: 'realtime/message', message: arrived });
      catchUp!(messagesReply([arrived, ...peteMessages()]));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(within(log).getAllByText('Both ways at once')).toHaveLength(1);
    expect(within(log).getAllByRole('listitem')).toHaveLength(4);
  });

  it('the catch-up after a reconnection that fails keeps the messages shown and says so; Retry brings the missed one', async () => {
    let down = false;
    let newest = peteMessages();
    customerApi({
      'GET /api/chats/1/messages': () => (down ? fail(503, 'The server is busy. Please try again.') : messagesReply(newest)),
    });
    const user = userEvent.setup();
    const log = await openPeteConversation();
    down = true;
    newest = [makeMessage({ id: 13, chat_id: 1, from_id: pete.id, message: 'Sent while you were away' }), ...peteMessages()];
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    expect(await conversation().findByText(messagesNotRefreshed('The server is busy. Please try again.'))).toBeInTheDocument();
    expect(within(log).getAllByRole('listitem')).toHaveLength(3);
    down = false;
    await user.click(conversation().getByRole('button', { name: 'Retry' }));
    expect(await within(log).findByText('Sent while you were away')).toBeInTheDocument();
    expect(conversation().queryByText(messagesNotRefreshed('The server is busy. Please try again.'))).not.toBeInTheDocument();
    // Retry went with the failure: the focus is in the message box.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('a message in another conversation moves its contact to the top and raises its unread count', async () => {
    customerApi();
    renderChat({ route: '/chatview/20' });
    await screen.findByRole('log');
    await waitFor(() => expect(unreadEvents().at(-1)).toBe(0));
    act(() =>
      bus.emit({
        type: 'realtime/message',
        message: makeMessage({ id: 41, chat_id: 2, from_id: dora.id, message: 'Are you there?' }),
      }),
    );
    const links = contacts().getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['Dora Driver, 1 unread', 'Pete Provider']);
    expect(links[0].closest('li')).toHaveTextContent('Are you there?');
    expect(within(screen.getByRole('log')).queryByText('Are you there?')).not.toBeInTheDocument();
    await waitFor(() => expect(unreadEvents().at(-1)).toBe(1));
  });

  it('a message that arrives while the conversation is still loading is shown once it has loaded, and counts nowhere as unread', async () => {
    let answerPage: (() => void) | null = null;
    customerApi({
      'GET /api/chats/1/messages': () =>
        new Promise<FakeReply>((resolve) => (answerPage = () => resolve(messagesReply(peteMessages())))),
    });
    renderChat({ route: '/chatview/20' });
    await screen.findByText('Loading messages…');
    await waitFor(() => expect(answerPage).not.toBeNull());
    act(() =>
      bus.emit({
        type: 'realtime/message',
        message: makeMessage({ id: 45, chat_id: 1, from_id: pete.id, message: 'Sent while you opened' }),
      }),
    );
    await act(async () => answerPage?.());
    const log = await screen.findByRole('log');
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[items.length - 1]).toHaveTextContent('Sent while you opened');
    expect(contacts().getByRole('link', { name: 'Pete Provider' }).closest('li')).toHaveTextContent('Sent while you opened');
  });

  it('a message that arrives while the contacts first load counts when their answer does not have it yet', async () => {
    let answerList: (() => void) | null = null;
    customerApi({
      'GET /api/chats': () => new Promise<FakeReply>((resolve) => (answerList = () => resolve(ok(customerChats())))),
    });
    renderChat();
    await waitFor(() => expect(answerList).not.toBeNull());
    act(() =>
      bus.emit({
        type: 'realtime/message',
        message: makeMessage({ id: 46, chat_id: 2, from_id: dora.id, message: 'Before the list' }),
      }),
    );
    await act(async () => answerList?.());
    const doraLink = await contacts().findByRole('link', { name: 'Dora Driver, 1 unread' });
    expect(doraLink.closest('li')).toHaveTextContent('Before the list');
  });

  it('a message of a new chat that arrives while the contacts first load, whose answer lacks that chat, reads the list again: the chat shows', async () => {
    let answerList: (() => void) | null = null;
    let lists = 0;
    const first = makeMessage({ id: 51, chat_id: 8, from_id: 24, message: 'Hello from a new chat' });
    const omar = { id: 24, full_name: 'Omar New', avatar: null };
    customerApi({
      'GET /api/chats': () => {
        lists += 1;
        if (lists === 1) return new Promise<FakeReply>((resolve) => (answerList = () => resolve(ok(customerChats()))));
        return ok([makeChat(8, cara, omar, { unread_count: 1, last_message: first }), ...customerChats()]);
      },
    });
    renderChat();
    await waitFor(() => expect(answerList).not.toBeNull());
    act(() => bus.emit({ type: 'realtime/message', message: first }));
    await act(async () => answerList?.());
    const omarLink = await contacts().findByRole('link', { name: 'Omar New, 1 unread' });
    expect(omarLink.closest('li')).toHaveTextContent('Hello from a new chat');
    expect(lists).toBe(2);
  });

  it("a message whose event comes after a newer one's (a long message is fetched whole first) still counts; the newer stays last", async () => {
    customerApi();
    renderChat({ route: '/chatview/20' });
    await screen.findByRole('log');
    const fromDora = (id: number, message: string) => makeMessage({ id, chat_id: 2, from_id: dora.id, message });
    act(() => bus.emit({ type: 'realtime/message', message: fromDora(61, 'Sent second') }));
    act(() => bus.emit({ type: 'realtime/message', message: fromDora(60, 'A long one, sent first') }));
    act(() => bus.emit({ type: 'realtime/message', message: fromDora(60, 'A long one, sent first') }));
    const doraLink = contacts().getByRole('link', { name: 'Dora Driver, 2 unread' });
    expect(doraLink.closest('li')).toHaveTextContent('Sent second');
    await waitFor(() => expect(unreadEvents().at(-1)).toBe(2));
  });

  it('a message that arrives while the list reloads is kept when the reload answers without it, and one it has is not counted twice', async () => {
    let answerReload: () => void = () => {};
    let lists = 0;
    const withDora = (id: number, message: string) =>
      customerChats().map((c) =>
        c.id === 2 ? { ...c, unread_count: 1, last_message: makeMessage({ id, chat_id: 2, from_id: dora.id, message }) } : c,
      );
    customerApi({
      'GET /api/chats': () => {
        lists += 1;
        if (lists === 1) return ok(customerChats());
        // The reload was answered just before message 71 was stored, but after 70.
        return new Promise((resolve) => (answerReload = () => resolve(ok(withDora(70, 'Stored before the answer')))));
      },
    });
    renderChat({ route: '/chatview/20' });
    await screen.findByRole('log');
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(lists).toBe(2));
    act(() =>
      bus.emit({
        type: 'realtime/message',
        message: makeMessage({ id: 70, chat_id: 2, from_id: dora.id, message: 'Stored before the answer' }),
      }),
    );
    act(() =>
      bus.emit({
        type: 'realtime/message',
        message: makeMessage({ id: 71, chat_id: 2, from_id: dora.id, message: 'Stored after it' }),
      }),
    );
    await act(async () => answerReload());
    const doraLink = await contacts().findByRole('link', { name: 'Dora Driver, 2 unread' });
    expect(doraLink.closest('li')).toHaveTextContent('Stored after it');
  });

  it('contacts whose quiet reload fails stay, say they could not be refreshed, and Retry reloads them', async () => {
    let down = false;
    let lists = 0;
    const olga = { id: 23, full_name: 'Olga Other', avatar: null };
    customerApi({
      'GET /api/chats': () => {
        lists += 1;
        if (down) return fail(503, 'The server is busy. Please try again.');
        return ok(lists === 1 ? customerChats() : [makeChat(7, cara, olga), ...customerChats()]);
      },
    });
    const user = userEvent.setup();
    renderChat();
    await contacts().findByRole('link', { name: 'Pete Provider, 2 unread' });
    down = true;
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    expect(await contacts().findByText('Your chats could not be refreshed.')).toBeInTheDocument();
    expect(contacts().getByText('The server is busy. Please try again.')).toBeInTheDocument();
    expect(contacts().getByRole('link', { name: 'Pete Provider, 2 unread' })).toBeInTheDocument();
    down = false;
    await user.click(contacts().getByRole('button', { name: 'Retry' }));
    expect(await contacts().findByRole('link', { name: 'Olga Other' })).toBeInTheDocument();
    expect(contacts().queryByText('Your chats could not be refreshed.')).not.toBeInTheDocument();
  });

  /** Chat shown with the customer's chats, then closed; from then on the list gets no answer. */
  async function chatsShownThenClosedOffline() {
    let offline = false;
    customerApi({ 'GET /api/chats': () => (offline ? noAnswer() : ok(customerChats())) });
    const first = renderChat();
    await contacts().findByRole('link', { name: 'Pete Provider, 2 unread' });
    first.unmount();
    offline = true;
  }

  it('opened again, shows the chats it last showed at once; with no connection they stay, said not refreshed', async () => {
    await chatsShownThenClosedOffline();

    renderChat();
    expect(screen.queryByText('Loading chats…')).not.toBeInTheDocument();
    expect(contacts().getByRole('link', { name: 'Pete Provider, 2 unread' })).toBeInTheDocument();
    expect(contacts().getByRole('link', { name: 'Dora Driver' })).toBeInTheDocument();
    expect(await contacts().findByText('Your chats could not be refreshed.')).toBeInTheDocument();
    expect(contacts().getByText('The server cannot be reached. Check your connection and retry.')).toBeInTheDocument();
    expect(contacts().getByRole('link', { name: 'Pete Provider, 2 unread' })).toBeInTheDocument();
  });

  it('opened again offline, the chats it last showed count the messages that came while Chat was closed', async () => {
    await chatsShownThenClosedOffline();
    const fromDora = makeMessage({ id: 30, chat_id: 2, from_id: dora.id, message: 'Running late' });
    act(() => bus.emit({ type: 'realtime/message', message: fromDora }));
    act(() => bus.emit({ type: 'realtime/message', message: fromDora })); // told twice: counted once
    act(() => bus.emit({ type: 'chat/read', chatId: 1 })); // Pete's read in another tab

    renderChat();
    const doraLink = contacts().getByRole('link', { name: 'Dora Driver, 1 unread' });
    expect(doraLink.closest('li')).toHaveTextContent('Running late');
    expect(contacts().getByRole('link', { name: 'Pete Provider' })).toBeInTheDocument();
    expect(await contacts().findByText('Your chats could not be refreshed.')).toBeInTheDocument();
  });

  it('opened again, the chats it last showed give way to the answer, whose unread total alone is told', async () => {
    let unread = 2;
    customerApi({
      'GET /api/chats': () => {
        const [pete, dora] = customerChats();
        return ok([{ ...pete, unread_count: unread }, dora]);
      },
    });
    const first = renderChat();
    await contacts().findByRole('link', { name: 'Pete Provider, 2 unread' });
    await waitFor(() => expect(unreadEvents().at(-1)).toBe(2));
    first.unmount();
    const toldBefore = unreadEvents().length;
    unread = 5;

    renderChat();
    expect(contacts().getByRole('link', { name: 'Pete Provider, 2 unread' })).toBeInTheDocument();
    expect(await contacts().findByRole('link', { name: 'Pete Provider, 5 unread' })).toBeInTheDocument();
    await waitFor(() => expect(unreadEvents().slice(toldBefore)).toEqual([5]));
  });

  it('after a sign-out, the chats shown before are not shown to the next session', async () => {
    customerApi();
    const first = renderChat();
    await contacts().findByRole('link', { name: 'Pete Provider, 2 unread' });
    first.unmount();
    act(() => bus.emit({ type: 'auth/loggedOut' }));
    customerApi({ 'GET /api/chats': () => new Promise<FakeReply>(() => undefined) });

    renderChat();
    expect(contacts().getByText('Loading chats…')).toBeInTheDocument();
    expect(contacts().queryByRole('link', { name: 'Pete Provider, 2 unread' })).not.toBeInTheDocument();
  });

  it("a chat read in the user's other tab (chat/read) loses its unread count here too", async () => {
    customerApi();
    renderChat();
    expect(await contacts().findByRole('link', { name: 'Pete Provider, 2 unread' })).toBeInTheDocument();
    act(() => bus.emit({ type: 'chat/read', chatId: 1 }));
    const peteLink = contacts().getByRole('link', { name: 'Pete Provider' });
    expect(peteLink.closest('li')!.querySelector('.chat-unread')).toBeNull();
    await waitFor(() => expect(unreadEvents().at(-1)).toBe(0));
  });

  it('a message of a chat not in the list reloads the list, which has it (counted once)', async () => {
    let lists = 0;
    const first = makeMessage({ id: 50, chat_id: 7, from_id: 23, message: 'First words' });
    const olga = { id: 23, full_name: 'Olga Other', avatar: null };
    customerApi({
      'GET /api/chats': () => {
        lists += 1;
        return ok(
          lists === 1 ? customerChats() : [makeChat(7, cara, olga, { unread_count: 1, last_message: first }), ...customerChats()],
        );
      },
    });
    renderChat();
    await contacts().findAllByRole('link');
    act(() => bus.emit({ type: 'realtime/message', message: first }));
    const olgaLink = await contacts().findByRole('link', { name: 'Olga Other, 1 unread' });
    expect(olgaLink.closest('li')).toHaveTextContent('First words');
  });
});

describe('the list stays at the newest when its box shrinks', () => {
  /** jsdom lays nothing out: a ResizeObserver whose callbacks the test calls, as a browser would on a resize. */
  const observers: Array<{ callback: () => void; targets: Element[] }> = [];
  beforeEach(() => {
    observers.length = 0;
    window.ResizeObserver = class {
      private readonly entry: { callback: () => void; targets: Element[] };
      constructor(callback: () => void) {
        this.entry = { callback, targets: [] };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      unobserve() {}
      disconnect() {
        this.entry.targets = [];
      }
    } as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    delete (window as Partial<typeof window>).ResizeObserver;
  });
  const resize = (el: Element) => act(() => observers.filter((o) => o.targets.includes(el)).forEach((o) => o.callback()));

  it('a reader at the bottom is kept there (a notice bar or the keyboard took room); one scrolled up keeps their place', async () => {
    customerApi();
    const scrolls = watchScrolling();
    const log = await openPeteConversation();
    scrolls.length = 0;
    resize(log);
    expect(scrolls).toEqual([LIST_HEIGHT]);

    fireEvent.scroll(log); // scrolled up
    scrolls.length = 0;
    resize(log);
    expect(scrolls).toEqual([]);
  });

  it('a scroll event the browser delivers after the box shrank, before the observer runs, does not take the reader from the bottom', async () => {
    customerApi();
    const scrolls = watchScrolling();
    let height = 500;
    jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => height);
    const log = await openPeteConversation();
    scrolls.length = 0;

    height = 260; // the window got shorter; a scroll the browser queued earlier arrives first
    fireEvent.scroll(log); // measured against the new box, jsdom's scrollTop 0 would be far from the bottom
    resize(log);
    expect(scrolls.at(-1)).toBe(LIST_HEIGHT);

    // The reader's own scroll at the new size still counts: scrolled up, a later resize keeps their place.
    fireEvent.scroll(log);
    scrolls.length = 0;
    height = 300;
    resize(log);
    expect(scrolls).toEqual([]);
  });
});

describe('new messages while scrolled up', () => {
  const arrive = (id: number, message: string) =>
    act(() => bus.emit({ type: 'realtime/message', message: makeMessage({ id, chat_id: 1, from_id: pete.id, message }) }));

  it('keeps the place of a reader who scrolled up and says "New messages" (politely); the button takes them to the newest', async () => {
    customerApi();
    const scrolls = watchScrolling();
    const log = await openPeteConversation();
    // At the bottom, a new message is simply followed.
    arrive(40, 'First');
    expect(scrolls.at(-1)).toBe(LIST_HEIGHT);
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();

    fireEvent.scroll(log); // scrolled up: far from the bottom (jsdom's scrollTop is 0)
    scrolls.length = 0;
    arrive(41, 'Second');
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Second');
    expect(scrolls).toEqual([]); // the place is kept
    const button = screen.getByRole('button', { name: 'New messages' });
    expect(button.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(log).not.toContainElement(button);

    await userEvent.click(button);
    expect(scrolls).toEqual([LIST_HEIGHT]);
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();
    expect(log).toHaveFocus();
  });

  it('a message arriving while the reader is scrolled up stays unread until they reach it: by scrolling down, or with "New messages"', async () => {
    const api = customerApi();
    watchScrolling();
    const log = await openPeteConversation();
    const reads = () => api.calls.filter((c) => c.url === '/api/chats/1/read').length;
    await waitFor(() => expect(reads()).toBe(1));

    fireEvent.scroll(log); // scrolled up to older messages
    arrive(45, 'Are you there?');
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Are you there?');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads()).toBe(1);

    // Scrolled down to it: now it is read.
    const scrollTop = jest.spyOn(Element.prototype, 'scrollTop', 'get').mockReturnValue(LIST_HEIGHT);
    fireEvent.scroll(log);
    await waitFor(() => expect(reads()).toBe(2));
    // Staying at the bottom, the next one is read as it arrives; scrolling about reads nothing again.
    arrive(46, 'Outside now');
    await waitFor(() => expect(reads()).toBe(3));
    fireEvent.scroll(log);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads()).toBe(3);

    // Up again, another arrives; "New messages" takes the reader to it, and reads it.
    scrollTop.mockReturnValue(0);
    fireEvent.scroll(log);
    arrive(47, 'At the gate');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads()).toBe(3);
    await userEvent.click(screen.getByRole('button', { name: 'New messages' }));
    await waitFor(() => expect(reads()).toBe(4));
  });

  it('goes away when the reader scrolls to the bottom, and is not shown for their own message', async () => {
    customerApi({
      'POST /api/chats': {
        status: 201,
        data: { data: makeMessage({ id: 60, chat_id: 1, from_id: cara.id, message: 'Mine' }), message: 'Message sent' },
      },
    });
    watchScrolling();
    const log = await openPeteConversation();
    fireEvent.scroll(log);
    arrive(42, 'Third');
    expect(screen.getByRole('button', { name: 'New messages' })).toBeInTheDocument();
    jest.spyOn(Element.prototype, 'scrollTop', 'get').mockReturnValue(LIST_HEIGHT);
    fireEvent.scroll(log);
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();

    jest.spyOn(Element.prototype, 'scrollTop', 'get').mockReturnValue(0);
    fireEvent.scroll(log);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Mine{Enter}');
    await waitFor(() => expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Mine'));
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();
  });

  it('their own message sent from another tab or device keeps the place of a reader scrolled up, with no button', async () => {
    customerApi();
    const scrolls = watchScrolling();
    const log = await openPeteConversation();
    fireEvent.scroll(log);
    scrolls.length = 0;
    act(() =>
      bus.emit({
        type: 'realtime/message',
        message: makeMessage({ id: 43, chat_id: 1, from_id: cara.id, message: 'From my phone' }),
      }),
    );
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('From my phone');
    expect(scrolls).toEqual([]);
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();
    // At the bottom, it is followed like any other.
    jest.spyOn(Element.prototype, 'scrollTop', 'get').mockReturnValue(LIST_HEIGHT);
    fireEvent.scroll(log);
    act(() =>
      bus.emit({ type: 'realtime/message', message: makeMessage({ id: 44, chat_id: 1, from_id: cara.id, message: 'Again' }) }),
    );
    expect(scrolls).toEqual([LIST_HEIGHT]);
  });

  it('with a failed message of theirs last, a reply still says "New messages" when scrolled up, and is followed at the bottom', async () => {
    customerApi({ 'POST /api/chats': () => noAnswer() });
    const scrolls = watchScrolling();
    renderChat({ route: '/chatview/20' });
    const log = await screen.findByRole('log');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Are you near?{Enter}');
    await within(log).findByRole('alert');

    fireEvent.scroll(log); // scrolled up
    scrolls.length = 0;
    arrive(45, 'Almost there');
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Are you near?'); // the failed one stays last
    expect(scrolls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'New messages' }));
    expect(scrolls).toEqual([LIST_HEIGHT]);

    scrolls.length = 0;
    jest.spyOn(Element.prototype, 'scrollTop', 'get').mockReturnValue(LIST_HEIGHT);
    fireEvent.scroll(log); // at the bottom
    arrive(46, 'Here now');
    expect(scrolls).toEqual([LIST_HEIGHT]);
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();
  });
});

describe('what is not sent yet is kept for the conversation', () => {
  const box = () => screen.getByRole('textbox', { name: 'Message' });
  const open = async (name: RegExp) => {
    await userEvent.click(await contacts().findByRole('link', { name }));
    await conversation().findByRole('heading', { name });
  };

  it('the box is named by a visible label, still there once something is typed (the placeholder is not)', async () => {
    customerApi();
    renderChat({ route: '/chatview/20' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello');
    const label = conversation().getByText('Message', { selector: 'label' });
    expect(label).toBeVisible();
    expect(label).toHaveAttribute('for', box().id);
    expect(box()).toHaveAccessibleName('Message');
  });

  it('text typed in one conversation is back in its box after another was opened; the other starts empty', async () => {
    customerApi();
    renderChat({ route: '/chatview/20' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Half a thought');
    await open(/^Dora Driver/);
    expect(box()).toHaveValue('');
    await userEvent.type(box(), 'For Dora');
    await open(/^Pete Provider/);
    expect(box()).toHaveValue('Half a thought');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await open(/^Dora Driver/);
    expect(box()).toHaveValue('For Dora');
  });

  it('a message that failed, or fails after its conversation was left, is there with Retry on return', async () => {
    let answer!: (reply: FakeReply) => void;
    customerApi({ 'POST /api/chats': () => new Promise<FakeReply>((resolve) => (answer = resolve)) });
    renderChat({ route: '/chatview/20' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Are you near?{Enter}');
    expect(within(screen.getByRole('log')).getAllByRole('listitem').at(-1)).toHaveTextContent('Sending…');
    await open(/^Dora Driver/);
    await act(async () => answer(fail(503, 'Service Unavailable')));
    await open(/^Pete Provider/);
    const alert = await within(screen.getByRole('log')).findByRole('alert');
    expect(alert.closest('li')).toHaveTextContent('Are you near?');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a message confirmed after its conversation was left and opened again is shown there, once, as sent', async () => {
    let answer!: (reply: FakeReply) => void;
    customerApi({ 'POST /api/chats': () => new Promise<FakeReply>((resolve) => (answer = resolve)) });
    renderChat({ route: '/chatview/20' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Gate is open{Enter}');
    await open(/^Dora Driver/);
    await open(/^Pete Provider/);
    const log = screen.getByRole('log');
    // Opened again before the API stored it: the page read has only the three older messages.
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(4));
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Sending…');
    await act(async () =>
      answer({
        status: 201,
        data: {
          data: makeMessage({
            id: 70,
            chat_id: 1,
            from_id: cara.id,
            message: 'Gate is open',
            created_at: '2025-06-15T12:40:00.000Z',
          }),
          message: 'Message sent',
        },
      }),
    );
    await waitFor(() => expect(within(log).queryByText('Sending…', { exact: false })).not.toBeInTheDocument());
    expect(within(log).getAllByRole('listitem')).toHaveLength(4);
    expect(within(log).getAllByText('Gate is open')).toHaveLength(1);
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Jun 15th 25, 12:40 pm');
  });

  it('is forgotten at sign-out', async () => {
    customerApi();
    const { unmount } = renderChat({ route: '/chatview/20' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Private words');
    unmount();
    act(() => bus.emit({ type: 'auth/loggedOut' }));
    renderChat({ route: '/chatview/20' });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('stays through a session that expired, for the same user: the texts of the messages on their way, then what was typed', async () => {
    customerApi({ 'POST /api/chats': () => new Promise<FakeReply>(() => undefined) });
    const first = renderChat({ route: '/chatview/20' });
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'See you at six{Enter}');
    await user.upload(screen.getByLabelText('Attach a file'), new File(['png'], 'gate.png', { type: 'image/png' }));
    await user.type(box, 'The gate code is 4711{Enter}');
    await user.type(box, 'Call me');
    expect(await within(screen.getByRole('log')).findByText('See you at six')).toBeInTheDocument();
    act(() => {
      bus.emit({ type: 'auth/sessionExpired' });
      bus.emit({ type: 'auth/loggedOut' });
    });
    first.unmount();

    renderChat({ route: '/chatview/20' });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('See you at six\nThe gate code is 4711\nCall me');
    expect(screen.queryByText('gate.png')).not.toBeInTheDocument();
  });
});

describe('a message sent as the session ends', () => {
  it("its send refused because the session expired (401), its text is in the box at the same user's next sign-in", async () => {
    customerApi({ 'POST /api/chats': { status: 401, data: { message: 'Unauthenticated.' } } });
    const first = renderChat({ route: '/chatview/20' });
    setTokenProvider(() => first.store.getState().session.token);
    // As the shell does (useSessionExpiry): the session ends, then it is announced, then /login.
    const shell = bus.on('auth/sessionExpired').subscribe(() => {
      first.store.dispatch(sessionActions.loggedOut());
      bus.emit({ type: 'auth/loggedOut' });
    });
    try {
      const box = await screen.findByRole('textbox', { name: 'Message' });
      await userEvent.type(box, 'draft send{Enter}');
      await waitFor(() => expect(first.store.getState().session.isLogin).toBe(false));
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    } finally {
      shell.unsubscribe();
      setTokenProvider(() => null);
    }
    first.unmount();
    renderChat({ route: '/chatview/20' });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('draft send');
  });
});

describe('sending', () => {
  it('Send pressed from the keyboard leaves the focus in the message box, not lost with the disabled button', async () => {
    customerApi({ 'POST /api/chats': () => new Promise<FakeReply>(() => undefined) });
    renderChat({ route: '/chatview/20' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const user = userEvent.setup();
    await user.type(box, 'Hello');
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('');
    expect(send).toBeDisabled();
    expect(box).toHaveFocus();
  });

  it('Enter sends a text message: shown at once as sending, the box cleared, confirmed by the API', async () => {
    let answer!: (reply: FakeReply) => void;
    const api = customerApi({ 'POST /api/chats': () => new Promise<FakeReply>((resolve) => (answer = resolve)) });
    renderChat({ route: '/chatview/20' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('Line one\nline two');
    expect(send).toBeEnabled();
    await userEvent.type(box, '{Enter}');
    expect(box).toHaveValue('');
    const log = screen.getByRole('log');
    const pending = within(log).getAllByRole('listitem').at(-1)!;
    expect(pending).toHaveTextContent('Line one line two'); // (whitespace normalised; the text keeps its new line)
    expect(within(pending).getByText(/Line one/).textContent).toBe('Line one\nline two');
    expect(pending).toHaveTextContent('Sending…');
    expect(send).toBeDisabled(); // nothing in the box

    const form = api.calls.find((c) => c.method === 'POST' && c.url === '/api/chats')!.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({
      customer_id: String(ME_CUSTOMER_ID),
      provider_id: '20',
      message_type: 'text',
      message: 'Line one\nline two',
    });
    await act(async () =>
      answer({
        status: 201,
        data: {
          data: makeMessage({
            id: 60,
            chat_id: 1,
            from_id: cara.id,
            message: 'Line one\nline two',
            created_at: '2025-06-15T12:30:00.000Z',
          }),
          message: 'Message sent',
        },
      }),
    );
    await waitFor(() => expect(within(log).queryByText('· Sending…', { exact: false })).not.toBeInTheDocument());
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Jun 15th 25, 12:30 pm');
    // The contact moved to the top with the new last message; no success toast for a chat message.
    expect(contacts().getAllByRole('link')[0].closest('li')).toHaveTextContent('Line one line two');
    expect(recorded.events.some((e) => e.type === 'alert/show')).toBe(false);
  });

  it('a message sent while the one before is on its way (a photo uploading) goes after it, in order', async () => {
    const answers: ((reply: FakeReply) => void)[] = [];
    const api = customerApi({ 'POST /api/chats': () => new Promise<FakeReply>((resolve) => answers.push(resolve)) });
    renderChat({ route: '/chatview/20' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.upload(screen.getByLabelText('Attach a file'), new File(['png-bytes'], 'route.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.type(box, 'That is the gate code');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await userEvent.type(box, '{Enter}');
    expect(box).toHaveValue('');
    const log = screen.getByRole('log');
    expect(within(log).getByText('That is the gate code').closest('li')).toHaveTextContent('Sending…');
    // The text waits for the photo: one request so far.
    const posts = () => api.callsTo('POST', '/api/chats').map((c) => (c.body as FormData).get('message_type'));
    expect(posts()).toEqual(['photo']);

    const reply = (id: number, message: string): FakeReply => ({
      status: 201,
      data: { data: makeMessage({ id, chat_id: 1, from_id: cara.id, message }), message: 'Message sent' },
    });
    await act(async () => answers[0](reply(61, '')));
    await waitFor(() => expect(posts()).toEqual(['photo', 'text']));
    await act(async () => answers[1](reply(62, 'That is the gate code')));
    await waitFor(() => expect(within(log).queryByText('Sending…', { exact: false })).not.toBeInTheDocument());
  });

  it('a message waiting its turn when the user signs out is not sent', async () => {
    const answers: ((reply: FakeReply) => void)[] = [];
    const api = customerApi({ 'POST /api/chats': () => new Promise<FakeReply>((resolve) => answers.push(resolve)) });
    renderChat({ route: '/chatview/20' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'first{Enter}');
    await userEvent.type(box, 'second{Enter}');
    expect(api.callsTo('POST', '/api/chats')).toHaveLength(1);
    act(() => bus.emit({ type: 'auth/loggedOut' }));
    await act(async () => answers[0]({ status: 401, data: { message: 'Unauthenticated.' } }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.callsTo('POST', '/api/chats')).toHaveLength(1);
  });

  it('a PNG goes as a photo and is shown as an image; another file as an attachment link with name and size', async () => {
    const sent: Record<string, unknown>[] = [];
    customerApi({
      'POST /api/chats': (config) => {
        const form = config.data as FormData;
        const file = form.get('attachment') as File;
        sent.push({ type: form.get('message_type'), name: file.name });
        const photo = form.get('message_type') === 'photo';
        return {
          status: 201,
          data: {
            data: makeMessage({
              chat_id: 1,
              from_id: cara.id,
              message: form.get('message') as string,
              message_type: photo ? 'photo' : 'attachment',
              attachment: photo ? '/uploads/p.png' : '/uploads/f.pdf',
              attachment_name: file.name,
              attachment_size: file.size,
            }),
            message: 'Message sent',
          },
        };
      },
    });
    renderChat({ route: '/chatview/20' });
    const attach = await screen.findByLabelText('Attach a file');
    await userEvent.upload(attach, new File(['png-bytes'], 'scratch.png', { type: 'image/png' }));
    expect(screen.getByText('scratch.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(screen.getByRole('log')).findByRole('img', { name: 'Photo scratch.png' })).toHaveAttribute(
      'src',
      'http://api.test/uploads/p.png',
    );

    await userEvent.upload(attach, new File(['%PDF-1.4 '.repeat(300)], 'receipt.pdf', { type: 'application/pdf' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'The receipt');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const link = await within(screen.getByRole('log')).findByRole('link', { name: /receipt\.pdf/ });
    expect(link).toHaveAccessibleName('receipt.pdf (2.6 KB)');
    expect(link).toHaveAttribute('href', 'http://api.test/uploads/f.pdf');
    expect(link).toHaveAttribute('download', 'receipt.pdf');
    expect(screen.getByText('The receipt')).toBeInTheDocument();
    expect(sent).toEqual([
      { type: 'photo', name: 'scratch.png' },
      { type: 'attachment', name: 'receipt.pdf' },
    ]);
  });

  it('an attached file can be removed before sending; the focus goes on to the message box', async () => {
    const api = customerApi();
    renderChat({ route: '/chatview/20' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Attach a file'), new File(['png'], 'gate.png', { type: 'image/png' }));
    const remove = screen.getByRole('button', { name: 'Remove gate.png' });
    remove.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('gate.png')).not.toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/chats')).toHaveLength(0);
  });

  it('a file the API would refuse (not an image or a PDF, over the limit) is said at once and not attached', async () => {
    const api = customerApi({});
    renderChat({ route: '/chatview/20' });
    const attach = await screen.findByLabelText('Attach a file');
    expect(attach).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp,application/pdf');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(attach, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The attachment must be an image or a PDF.');
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.upload(attach, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The file may not be greater than 5 MB.');
    expect(screen.queryByText('huge.png')).not.toBeInTheDocument();
    await user.upload(attach, new File(['png'], 'fine.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('fine.png')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/chats')).toHaveLength(0);
  });

  it("a pasted text over the API's 5000 characters stays whole; the composer says so and Send waits until it is shortened", async () => {
    let answer!: (reply: FakeReply) => void;
    const api = customerApi({ 'POST /api/chats': () => new Promise<FakeReply>((resolve) => (answer = resolve)) });
    renderChat({ route: '/chatview/20' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    const ending = ' THE END: see you at 6.';
    const long = `${'Here is the whole delivery plan, step by step. '.repeat(134)}`.slice(0, 6310 - ending.length) + ending;
    expect(long).toHaveLength(6310);
    await userEvent.click(box);
    await userEvent.paste(long);
    expect(box).toHaveValue(long);
    expect(screen.getByRole('alert')).toHaveTextContent('The message may not be greater than 5000 characters.');
    expect(screen.getByText('This one has 6,310 characters: remove 1,310 characters to send it.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(
      'The message may not be greater than 5000 characters. This one has 6,310 characters: remove 1,310 characters to send it.',
    );
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(/may not be greater than 5000 characters/);
    // Enter does not send it either (Shift+Enter still makes a new line).
    await userEvent.type(box, '{Enter}');
    expect(box).toHaveValue(long);
    expect(api.callsTo('POST', '/api/chats')).toHaveLength(0);

    // Shortened to the limit, the message goes whole.
    const shortened = long.slice(0, 4990 - ending.length) + ending;
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste(shortened);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    const form = api.callsTo('POST', '/api/chats')[0].body as FormData;
    expect(form.get('message')).toBe(shortened);
    await act(async () =>
      answer({
        status: 201,
        data: { data: makeMessage({ id: 61, chat_id: 1, from_id: cara.id, message: shortened }), message: 'Message sent' },
      }),
    );
  });

  it('a message the API refused for what it is (a 4xx) offers Edit, not a Retry that would fail the same way', async () => {
    customerApi({ 'POST /api/chats': () => fail(422, 'The message may not be greater than 5000 characters.') });
    renderChat({ route: '/chatview/20' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Too long{Enter}');
    const alert = await within(screen.getByRole('log')).findByRole('alert');
    expect(alert).toHaveTextContent('Not sent: The message may not be greater than 5000 characters.');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it("a failure shows the server's message on the message, with Retry; the text is not lost", async () => {
    let attempts = 0;
    const keys: unknown[] = [];
    customerApi({
      'POST /api/chats': (config) => {
        keys.push(config.headers.get('Idempotency-Key'));
        attempts += 1;
        return attempts === 1
          ? fail(503, 'The service is busy. Try again in a moment.')
          : {
              status: 201,
              data: { data: makeMessage({ id: 70, chat_id: 1, from_id: cara.id, message: 'Big one' }), message: 'Message sent' },
            };
      },
    });
    renderChat({ route: '/chatview/20' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Big one{Enter}');
    const alert = await within(screen.getByRole('log')).findByRole('alert');
    expect(alert).toHaveTextContent('Not sent: The service is busy. Try again in a moment.');
    expect(alert.closest('li')).toHaveTextContent('Big one');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled(); // the box is empty again
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(screen.getByRole('log')).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(screen.getByRole('log')).getAllByText('Big one')).toHaveLength(1);
    expect(attempts).toBe(2);
    // Retry went with the failure it answered: the focus went on to the message box.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    // Retry sends the same message again under the same key: had the first answer been lost after the
    // API stored it, the API would store it once.
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // Another message is another key.
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Next one{Enter}');
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a message that fails is scrolled into view: its reason, Retry and Edit are not left below the fold', async () => {
    let answer!: (reply: FakeReply) => void;
    customerApi({ 'POST /api/chats': () => new Promise<FakeReply>((resolve) => (answer = resolve)) });
    const scrolls = watchScrolling();
    renderChat({ route: '/chatview/20' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Big one{Enter}');
    const log = screen.getByRole('log');
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Sending…');
    expect(scrolls.at(-1)).toBe(LIST_HEIGHT); // the list followed the message on its way
    scrolls.length = 0;

    await act(async () => answer(fail(413, 'The file may not be greater than 5 MB.')));
    const alert = await within(log).findByRole('alert');
    expect(alert).toHaveTextContent('Not sent: The file may not be greater than 5 MB.');
    // The message grew (the reason, Retry, Edit) in place: the list is taken to its bottom again.
    expect(scrolls).toEqual([LIST_HEIGHT]);
  });

  it('a message said "Not sent" that the server stored after all goes from the unsent once the catch-up shows it: nothing to Edit and send twice', async () => {
    let sentKey: string | null = null;
    let newest = peteMessages();
    customerApi({
      'GET /api/chats/1/messages': () => messagesReply(newest),
      'POST /api/chats': (config) => {
        sentKey = String(config.headers.get('Idempotency-Key'));
        // Stored, but the answer was lost on the way back.
        newest = [
          makeMessage({ id: 80, chat_id: 1, from_id: cara.id, message: 'Are you near?', client_key: sentKey }),
          ...peteMessages(),
        ];
        return noAnswer();
      },
    });
    const log = await openPeteConversation();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you near?{Enter}');
    expect(await within(log).findByRole('alert')).toHaveTextContent('The server cannot be reached.');
    expect(sentKey).not.toBeNull();

    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(within(log).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(log).getAllByText('Are you near?')).toHaveLength(1);
    expect(within(log).getAllByRole('listitem')).toHaveLength(4);
    expect(within(log).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('an empty file is refused when chosen, saying it is empty', async () => {
    const api = customerApi({});
    renderChat({ route: '/chatview/20' });
    const attach = await screen.findByLabelText('Attach a file');
    const user = userEvent.setup();
    const composer = screen.getByRole('form', { name: 'Send a message' });
    await user.upload(attach, new File([], 'zero.png', { type: 'image/png' }));
    expect(within(composer).getByRole('alert')).toHaveTextContent('The file is empty. Choose another file.');
    expect(within(composer).queryByText(/zero\.png/)).not.toBeInTheDocument();
    await user.click(within(composer).getByRole('button', { name: 'Send' }));
    expect(api.callsTo('POST', '/api/chats')).toEqual([]);
  });

  it('what was said about a refused file goes when a message is sent, or when the file is removed', async () => {
    customerApi({ 'POST /api/chats': ok(makeMessage({ id: 90, chat_id: 1, from_id: cara.id, message: 'Gate code is 1234' })) });
    renderChat({ route: '/chatview/20' });
    const attach = await screen.findByLabelText('Attach a file');
    const user = userEvent.setup({ applyAccept: false });
    const composer = screen.getByRole('form', { name: 'Send a message' });
    await user.upload(attach, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(composer).getByRole('alert')).toHaveTextContent('The attachment must be an image or a PDF.');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Gate code is 1234{Enter}');
    expect(within(composer).queryByRole('alert')).not.toBeInTheDocument();

    await user.upload(attach, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.upload(attach, new File(['png'], 'fine.png', { type: 'image/png' }));
    await user.upload(attach, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(composer).getByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove fine.png' }));
    expect(within(composer).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Edit of a failed photo with another file attached since says that file was taken out, and how to send it', async () => {
    customerApi({ 'POST /api/chats': () => noAnswer() });
    renderChat({ route: '/chatview/20' });
    const attach = await screen.findByLabelText('Attach a file');
    const user = userEvent.setup();
    await user.upload(attach, new File(['png'], 'gate.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const failed = await within(screen.getByRole('log')).findByRole('alert');
    await user.upload(attach, new File(['pdf'], 'receipt.pdf', { type: 'application/pdf' }));
    await user.click(within(failed).getByRole('button', { name: 'Edit' }));
    const composer = screen.getByRole('form', { name: 'Send a message' });
    expect(await within(composer).findByText('gate.png')).toBeInTheDocument();
    expect(within(composer).getByRole('alert')).toHaveTextContent(
      'receipt.pdf was taken out: a message holds one file, and gate.png is back with the message you are editing. Attach receipt.pdf again to send it next.',
    );
  });

  it('a failed message can be taken back into the box (Edit); offline says the server cannot be reached', async () => {
    customerApi({ 'POST /api/chats': () => noAnswer() });
    renderChat({ route: '/chatview/20' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Are you near?{Enter}');
    const alert = await within(screen.getByRole('log')).findByRole('alert');
    expect(alert).toHaveTextContent('The server cannot be reached. Check your connection and retry.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(box).toHaveValue('Are you near?'));
    expect(within(screen.getByRole('log')).queryByText('Are you near?')).not.toBeInTheDocument();
  });

  it('Edit of a message whose answer was lost, but which the server stored, shows it sent instead of sending it twice', async () => {
    let newest = peteMessages();
    let sentKey: string | null = null;
    const api = customerApi({
      'GET /api/chats/1/messages': () => messagesReply(newest),
      'POST /api/chats': (config) => {
        sentKey = (config.headers as Record<string, string>)['Idempotency-Key'] ?? null;
        newest = [
          makeMessage({ id: 80, chat_id: 1, from_id: cara.id, message: 'Are you near?', client_key: sentKey }),
          ...peteMessages(),
        ];
        return noAnswer();
      },
    });
    const log = await openPeteConversation();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Are you near?{Enter}');
    const alert = await within(log).findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(within(log).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(log).getAllByText('Are you near?')).toHaveLength(1);
    expect(box).toHaveValue('');
    expect(api.callsTo('POST', '/api/chats')).toHaveLength(1);
  });
});

describe('Assign Job', () => {
  const jobs = [
    { id: 1, provider_id: 20, service_id: 2, created_at: '2025-06-01T10:00:00.000Z' },
    { id: 2, provider_id: 20, service_id: 3, created_at: '2025-06-10T10:00:00.000Z' },
  ] as Job[];

  const service = (id: number, name: string) => ({ id, name, description: '', icon: '' });
  const offering = (...providerIds: number[]) => ok(providerIds.map((id) => ({ id, full_name: `Provider ${id}` })));
  const hostWaitMs = assignTiming.hostWaitMs;
  beforeEach(() => (assignTiming.hostWaitMs = 100));
  afterEach(() => (assignTiming.hostWaitMs = hostWaitMs));

  it("pressed before the customer remote's booking host is there, says it wants it, waits for it and asks again", async () => {
    customerApi({
      'GET /api/jobs': ok([]),
      'GET /api/services': ok([service(7, 'Driver')]),
      'GET /api/providers/7': offering(20),
    });
    assignTiming.hostWaitMs = 5000;
    let host: { unsubscribe(): void } | undefined;
    // Asked for, the shell loads the customer remote (again, if it had failed); its host mounts a moment
    // later and says so.
    const wanted = bus.on('booking/assignHostWanted').subscribe(() => {
      wanted.unsubscribe();
      setTimeout(() => {
        host = bus.on('booking/assign').subscribe((e) => bus.emit({ type: 'booking/assignHandled', providerId: e.providerId }));
        bus.emit({ type: 'booking/assignHostReady' });
      }, 30);
    });
    try {
      renderChat({ route: '/chatview/20' });
      const button = await screen.findByRole('button', { name: 'Assign Job' });
      await userEvent.click(button);
      expect(button).toHaveAttribute('aria-disabled', 'true'); // busy while it waits
      await waitFor(() => expect(recorded.events.filter((e) => e.type === 'booking/assignHandled')).toHaveLength(1));
      expect(recorded.events.filter((e) => e.type === 'booking/assign')).toHaveLength(2);
      await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
      expect(screen.queryByText('Booking is unavailable right now. Please try again later.')).not.toBeInTheDocument();
    } finally {
      host?.unsubscribe();
    }
  });

  it('left before it has asked (another screen), opens no booking form there', async () => {
    let answerJobs: () => void = () => undefined;
    customerApi({
      'GET /api/jobs': () => new Promise((resolve) => (answerJobs = () => resolve(ok(jobs)))),
      'GET /api/services': ok([service(2, 'Delivery'), service(3, 'Shipping')]),
      'GET /api/providers/2': offering(20),
      'GET /api/providers/3': offering(21, 20),
    });
    const host = bus.on('booking/assign').subscribe((e) => bus.emit({ type: 'booking/assignHandled', providerId: e.providerId }));
    try {
      const { unmount } = renderChat({ route: '/chatview/20' });
      await userEvent.click(await screen.findByRole('button', { name: 'Assign Job' }));
      unmount();
      await act(async () => {
        answerJobs();
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      expect(recorded.events.filter((e) => e.type === 'booking/assign')).toEqual([]);
    } finally {
      host.unsubscribe();
    }
  });

  it('asks the customer remote for the booking modal of this provider over the bus', async () => {
    customerApi({
      'GET /api/jobs': ok(jobs),
      'GET /api/services': ok([service(2, 'Delivery'), service(3, 'Shipping')]),
      'GET /api/providers/2': offering(20),
      'GET /api/providers/3': offering(21, 20),
    });
    const host = bus.on('booking/assign').subscribe((e) => bus.emit({ type: 'booking/assignHandled', providerId: e.providerId }));
    try {
      renderChat({ route: '/chatview/20' });
      await userEvent.click(await screen.findByRole('button', { name: 'Assign Job' }));
      // The newest job's service, and every service the provider offers to choose from.
      await waitFor(() =>
        expect(recorded.events).toContainEqual({
          type: 'booking/assign',
          providerId: 20,
          serviceId: 3,
          services: [
            { id: 2, name: 'Delivery' },
            { id: 3, name: 'Shipping' },
          ],
        }),
      );
      expect(screen.queryByText(/Booking is unavailable/)).not.toBeInTheDocument();
    } finally {
      host.unsubscribe();
    }
  });

  /** A browser drops focus from an element that becomes disabled (jsdom does not): do the same here. */
  function dropFocusFromDisabled(): () => void {
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (active instanceof HTMLButtonElement && active.disabled) active.blur();
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ['disabled'], subtree: true });
    return () => observer.disconnect();
  }

  it('keeps focus on Assign Job while it asks, so the booking modal gives focus back to it; a second press does nothing', async () => {
    let answerJobs!: (reply: FakeReply) => void;
    const api = customerApi({
      'GET /api/jobs': () => new Promise<FakeReply>((resolve) => (answerJobs = resolve)),
      'GET /api/services': ok([service(3, 'Shipping')]),
      'GET /api/providers/3': offering(20),
    });
    // Like the booking modal, the host notes what has focus when it opens, to give focus back there on close.
    let focusedWhenOpened: Element | null = null;
    const host = bus.on('booking/assign').subscribe((e) => {
      focusedWhenOpened = document.activeElement;
      bus.emit({ type: 'booking/assignHandled', providerId: e.providerId });
    });
    const stopDropping = dropFocusFromDisabled();
    try {
      renderChat({ route: '/chatview/20' });
      const assign = await screen.findByRole('button', { name: 'Assign Job' });
      assign.focus();
      await userEvent.keyboard('{Enter}');
      expect(assign).toHaveAttribute('aria-disabled', 'true');
      expect(assign).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(api.calls.filter((c) => c.url === '/api/jobs')).toHaveLength(1);

      await act(async () => answerJobs(ok(jobs)));
      await waitFor(() => expect(focusedWhenOpened).toBe(assign));
      expect(assign).toHaveFocus();
      expect(assign).not.toHaveAttribute('aria-disabled');
      expect(recorded.events.filter((e) => e.type === 'booking/assign')).toHaveLength(1);
    } finally {
      stopDropping();
      host.unsubscribe();
    }
  });

  it('says booking is unavailable when the customer remote does not answer (it is down)', async () => {
    customerApi({
      'GET /api/jobs': ok([]),
      'GET /api/services': ok([service(6, 'Delivery'), service(7, 'Driver')]),
      'GET /api/providers/6': offering(21),
      'GET /api/providers/7': offering(20),
    });
    renderChat({ route: '/chatview/20' });
    await userEvent.click(await screen.findByRole('button', { name: 'Assign Job' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Booking is unavailable right now. Please try again later.');
    // Dismissed, the notice goes with its button: the focus goes back to Assign Job.
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(notice).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign Job' })).toHaveFocus();
    // With no job between them yet, the first service this provider offers.
    expect(recorded.events).toContainEqual({
      type: 'booking/assign',
      providerId: 20,
      serviceId: 7,
      services: [{ id: 7, name: 'Driver' }],
    });
  });

  it('says so when the provider offers no service, and asks for no booking modal', async () => {
    customerApi({
      'GET /api/jobs': ok(jobs),
      'GET /api/services': ok([service(2, 'Delivery'), service(3, 'Shipping')]),
      'GET /api/providers/2': offering(21),
      'GET /api/providers/3': offering(),
    });
    renderChat({ route: '/chatview/20' });
    await userEvent.click(await screen.findByRole('button', { name: 'Assign Job' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This provider offers no service to book yet.');
    expect(recorded.events.some((e) => e.type === 'booking/assign')).toBe(false);
  });

  it('says booking is unavailable when the services cannot be read, and asks for no booking modal', async () => {
    customerApi({ 'GET /api/jobs': ok(jobs), 'GET /api/services': () => fail(500, 'Server Error') });
    renderChat({ route: '/chatview/20' });
    await userEvent.click(await screen.findByRole('button', { name: 'Assign Job' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Booking is unavailable right now. Please try again later.');
    expect(recorded.events.some((e) => e.type === 'booking/assign')).toBe(false);
  });

  it('is not offered to a provider', async () => {
    fakeApi({
      'GET /api/chats': ok([makeChat(3, cara, pete)]),
      'GET /api/chats/3/messages': messagesReply([]),
      'POST /api/chats/3/read': readReply(3),
    });
    renderChat({ role: 'Provider', route: '/chatview/10' });
    expect(await conversation().findByRole('heading', { name: 'Cara Customer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign Job' })).not.toBeInTheDocument();
  });
});
