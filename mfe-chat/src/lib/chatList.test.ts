import { cara, dora, makeChat, makeMessage, pete } from '../testing/fixtures';
import { applyMessage, lastActivity, markReadLocally, sortChats, totalUnread, upsertChat } from './chatList';

const at = (hh: string) => `2025-06-15T${hh}:00.000Z`;

describe('ordering: newest conversation first', () => {
  it('orders by the last message, else by when the chat was opened; ties newer chat first', () => {
    const a = makeChat(1, cara, pete, {
      updated_at: at('09:00'),
      last_message: makeMessage({ chat_id: 1, from_id: pete.id, created_at: at('11:00') }),
    });
    const b = makeChat(2, cara, dora, { updated_at: at('10:00') });
    const c = makeChat(3, cara, dora, { updated_at: at('10:00') });
    expect(lastActivity(a)).toBe(at('11:00'));
    expect(sortChats([b, a, c]).map((x) => x.id)).toEqual([1, 3, 2]);
  });

  it('upsertChat adds a new chat in its place and replaces a known one', () => {
    const a = makeChat(1, cara, pete, { updated_at: at('09:00') });
    const b = makeChat(2, cara, dora, { updated_at: at('08:00') });
    const opened = makeChat(3, cara, dora, { updated_at: at('12:00') });
    expect(upsertChat([a, b], opened).map((x) => x.id)).toEqual([3, 1, 2]);
    expect(upsertChat([a, b], { ...b, unread_count: 4 }).find((x) => x.id === 2)?.unread_count).toBe(4);
  });
});

describe('applyMessage: a message moves its contact to the top and counts unread', () => {
  const chats = [makeChat(1, cara, pete, { unread_count: 0 }), makeChat(2, cara, dora, { unread_count: 1 })];

  it('raises the unread count of a conversation that is not open, and moves it to the top', () => {
    const incoming = makeMessage({ chat_id: 2, from_id: dora.id, message: 'Any news?' });
    const next = applyMessage(chats, incoming, { myId: cara.id, openChatId: 1 })!;
    expect(next.map((c) => c.id)).toEqual([2, 1]);
    expect(next[0]).toMatchObject({ unread_count: 2, last_message: incoming, updated_at: incoming.created_at });
    expect(totalUnread(next)).toBe(2);
  });

  it('does not count a message of the open conversation', () => {
    const incoming = makeMessage({ chat_id: 2, from_id: dora.id });
    const next = applyMessage(chats, incoming, { myId: cara.id, openChatId: 2 })!;
    expect(next[0]).toMatchObject({ id: 2, unread_count: 1 });
  });

  it("does not count the user's own message", () => {
    const mine = makeMessage({ chat_id: 1, from_id: cara.id });
    const next = applyMessage(chats, mine, { myId: cara.id, openChatId: null })!;
    expect(next[0]).toMatchObject({ id: 1, unread_count: 0, last_message: mine });
  });

  it('counts a message older than the last one without moving its chat or replacing the last message', () => {
    const newest = makeMessage({ chat_id: 2, from_id: dora.id });
    const withNewest = [chats[0], { ...chats[1], last_message: newest }];
    const older = makeMessage({ id: newest.id - 1, chat_id: 2, from_id: dora.id });
    const next = applyMessage(withNewest, older, { myId: cara.id, openChatId: null })!;
    expect(next.map((c) => c.id)).toEqual([1, 2]);
    expect(next[1]).toMatchObject({ unread_count: 2, last_message: newest });
  });

  it('answers null for a chat not in the list (the list is reloaded)', () => {
    expect(applyMessage(chats, makeMessage({ chat_id: 99, from_id: pete.id }), { myId: cara.id, openChatId: null })).toBeNull();
  });
});

describe('unread counting', () => {
  it('markReadLocally clears one chat; totalUnread adds up all', () => {
    const chats = [
      makeChat(1, cara, pete, { unread_count: 3 }),
      makeChat(2, cara, dora, { unread_count: 2 }),
      makeChat(3, cara, dora),
    ];
    expect(totalUnread(chats)).toBe(5);
    const read = markReadLocally(chats, 1);
    expect(read.map((c) => c.unread_count)).toEqual([0, 2, 0]);
    expect(totalUnread(read)).toBe(2);
    expect(read[1]).toBe(chats[1]);
  });
});
