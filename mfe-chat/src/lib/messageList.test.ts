import { makeMessage, pete } from '../testing/fixtures';
import { appendOlderPage, prependMessage, readingOrder } from './messageList';

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
