import { cara, carl, dora, makeChat, makeMessage, pete } from '../testing/fixtures';
import { buildContacts, counterpartOf, filterContacts, previewOf } from './contacts';

const chatWithPete = makeChat(1, cara, pete, { unread_count: 2 });
const chatWithDora = makeChat(2, cara, dora);

describe('the contact list builder (spec section 6)', () => {
  it('shows a Customer the providers they chat with', () => {
    expect(counterpartOf(chatWithPete, 'Customer')).toEqual(pete);
    expect(buildContacts([chatWithPete, chatWithDora], 'Customer').map((c) => c.person.full_name)).toEqual([
      'Pete Provider',
      'Dora Driver',
    ]);
  });

  it('shows a Provider the customers they chat with', () => {
    const said = (chatId: number) => ({ last_message: makeMessage({ chat_id: chatId, from_id: cara.id }) });
    const chats = [makeChat(3, cara, pete, said(3)), makeChat(4, carl, pete, said(4))];
    expect(counterpartOf(chats[0], 'Provider')).toEqual(cara);
    expect(buildContacts(chats, 'Provider').map((c) => c.person.full_name)).toEqual(['Cara Customer', 'Carl Client']);
  });

  it("leaves out of a Provider's list a chat with no message yet, unless it is the one open", () => {
    const chats = [
      makeChat(3, cara, pete),
      makeChat(4, carl, pete, { last_message: makeMessage({ chat_id: 4, from_id: carl.id }) }),
    ];
    expect(buildContacts(chats, 'Provider').map((c) => c.person.full_name)).toEqual(['Carl Client']);
    expect(buildContacts(chats, 'Provider', 3).map((c) => c.person.full_name)).toEqual(['Cara Customer', 'Carl Client']);
    // A Customer's own empty chats stay: they opened them.
    expect(buildContacts([makeChat(5, cara, pete)], 'Customer')).toHaveLength(1);
  });

  it('carries the chat id, the unread count and the time of the last message (else of the chat)', () => {
    const last = makeMessage({ chat_id: 1, from_id: pete.id, created_at: '2025-06-15T11:30:00.000Z' });
    const [withMessage, empty] = buildContacts([{ ...chatWithPete, last_message: last }, chatWithDora], 'Customer');
    expect(withMessage).toMatchObject({ chatId: 1, unread: 2, time: '2025-06-15T11:30:00.000Z', preview: 'Hello' });
    expect(empty).toMatchObject({ chatId: 2, unread: 0, time: '2025-06-15T10:00:00.000Z', preview: '' });
  });
});

describe('previewOf (the last message in the list)', () => {
  it('is the text on one line', () => {
    expect(previewOf(makeMessage({ chat_id: 1, from_id: 1, message: '  On my\n way  ' }))).toBe('On my way');
  });
  it("is 'Photo' for a photo", () => {
    expect(
      previewOf(makeMessage({ chat_id: 1, from_id: 1, message_type: 'photo', message: '', attachment_name: 'dent.png' })),
    ).toBe('Photo');
  });
  it('is the file and then the text sent with it', () => {
    expect(
      previewOf(
        makeMessage({
          chat_id: 1,
          from_id: 1,
          message_type: 'photo',
          message: 'The dent\n on the door',
          attachment_name: 'dent.png',
        }),
      ),
    ).toBe('Photo: The dent on the door');
    expect(
      previewOf(
        makeMessage({ chat_id: 1, from_id: 1, message_type: 'attachment', message: 'Receipt', attachment_name: 'invoice.pdf' }),
      ),
    ).toBe('invoice.pdf: Receipt');
  });
  it('is the file name for an attachment', () => {
    expect(
      previewOf(makeMessage({ chat_id: 1, from_id: 1, message_type: 'attachment', message: '', attachment_name: 'invoice.pdf' })),
    ).toBe('invoice.pdf');
    expect(
      previewOf(makeMessage({ chat_id: 1, from_id: 1, message_type: 'attachment', message: '', attachment_name: null })),
    ).toBe('Attachment');
  });
  it('is empty without a message', () => {
    expect(previewOf(null)).toBe('');
  });
});

describe('filterContacts (the search box)', () => {
  const contacts = buildContacts(
    [makeChat(1, cara, pete), makeChat(2, cara, dora), makeChat(3, cara, { id: 22, full_name: 'José Núñez', avatar: null })],
    'Customer',
  );
  const names = (query: string) => filterContacts(contacts, query).map((c) => c.person.full_name);

  it('keeps everyone for an empty query', () => {
    expect(names('  ')).toEqual(['Pete Provider', 'Dora Driver', 'José Núñez']);
  });
  it('matches part of the name, ignoring case', () => {
    expect(names('dri')).toEqual(['Dora Driver']);
    expect(names('PETE')).toEqual(['Pete Provider']);
  });
  it('needs every word, in any order', () => {
    expect(names('driver dora')).toEqual(['Dora Driver']);
    expect(names('dora pete')).toEqual([]);
  });
  it('ignores accents', () => {
    expect(names('jose nunez')).toEqual(['José Núñez']);
  });
});
