import { cara, dora, makeChat, makeMessage, pete } from '../testing/fixtures';
import { MessageLedger } from './messageLedger';

describe('MessageLedger: each message counts once, whatever order its events come in', () => {
  const last = (chatId: number, id: number) => makeMessage({ id, chat_id: chatId, from_id: pete.id });

  it('knows every message up to the last one of each chat the list answered, and each noted since', () => {
    const ledger = new MessageLedger();
    ledger.answeredList([makeChat(1, cara, pete, { last_message: last(1, 10) }), makeChat(2, cara, dora)]);
    expect(ledger.knows(last(1, 9))).toBe(true);
    expect(ledger.knows(last(1, 10))).toBe(true);
    expect(ledger.knows(last(1, 11))).toBe(false);
    expect(ledger.knows(last(2, 3))).toBe(false);
    const late = last(1, 12);
    ledger.note(late);
    expect(ledger.knows(late)).toBe(true);
    // An older message noted after a newer one is still new to the list.
    expect(ledger.knows(last(1, 11))).toBe(false);
  });

  it('a chat answered on its own (opened by user id) covers its messages up to its last, never fewer', () => {
    const ledger = new MessageLedger();
    ledger.answeredChat(makeChat(3, cara, dora, { last_message: last(3, 20) }));
    expect(ledger.knows(last(3, 20))).toBe(true);
    ledger.answeredChat(makeChat(3, cara, dora, { last_message: last(3, 15) }));
    expect(ledger.knows(last(3, 18))).toBe(true);
  });

  it('a reloaded list answers, oldest first, the messages noted meanwhile that it lacks, and forgets those it has', () => {
    const ledger = new MessageLedger();
    ledger.answeredList([makeChat(1, cara, pete, { last_message: last(1, 10) })]);
    const [a, b, c] = [last(1, 13), last(1, 11), last(1, 12)];
    [a, b, c].forEach((m) => ledger.note(m));
    const missing = ledger.answeredList([makeChat(1, cara, pete, { last_message: b })]);
    expect(missing.map((m) => m.id)).toEqual([12, 13]);
    expect(ledger.knows(c)).toBe(true);
    expect(ledger.knows(b)).toBe(true);
    expect(ledger.answeredList([makeChat(1, cara, pete, { last_message: a })])).toEqual([]);
  });
});
