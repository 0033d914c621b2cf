import { makeMessage, pete } from '../testing/fixtures';
import { appendOlderPage, prependMessage, readingOrder, withOutgoing } from './messageList';

const m = (id: number, text = `m${id}`) => makeMessage({ id, chat_id: 1, from_id: pete.id, message: text });

describe('conversation messages: stored newest first, shown in reading order', () => {
  it('prepends an incoming message (spec section 4) and shows it last', () => {
    const store = prependMessage([m(2), m(1)], m(3));
    expect(store.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(readingOrder(store).map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('replaces a message it already holds instead of repeating it', () => {
    const store = prependMessage([m(2), m(1)], m(2, 'edited'));
    expect(store.map((x) => x.message)).toEqual(['edited', 'm1']);
  });

  it('appends an older page behind, without repeating messages a shifted page brings again', () => {
    const store = appendOlderPage([m(5), m(4), m(3)], [m(3), m(2), m(1)]);
    expect(store.map((x) => x.id)).toEqual([5, 4, 3, 2, 1]);
    expect(readingOrder(store).map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('withOutgoing (the pane: confirmed messages and those sent from it)', () => {
  const at = (minute: number) => `2025-06-15T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const item = (key: string, minute: number, status: 'sent' | 'sending' | 'failed') => ({ key, createdAt: at(minute), status });
  const keys = (items: { key: string }[]) => items.map((i) => i.key);

  it('keeps a failed message where it was written, not below what was said after it', () => {
    const confirmed = [item('m1', 1, 'sent'), item('m2', 3, 'sent'), item('m3', 5, 'sent')];
    expect(keys(withOutgoing(confirmed, [item('f1', 2, 'failed'), item('f2', 2, 'failed')]))).toEqual([
      'm1',
      'f1',
      'f2',
      'm2',
      'm3',
    ]);
  });

  it('puts those on their way last, and a failed one written after everything at the end of the confirmed', () => {
    const confirmed = [item('m1', 1, 'sent')];
    expect(keys(withOutgoing(confirmed, [item('s1', 2, 'sending'), item('f1', 3, 'failed')]))).toEqual(['m1', 'f1', 's1']);
  });
});
