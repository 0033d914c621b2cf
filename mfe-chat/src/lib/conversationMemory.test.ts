import { conversationKey, forgetConversations, keepDraft, updateOutbox } from './conversationMemory';
import { newOutgoing } from './outgoing';

/** Whether reloading or closing the tab now asks first (the page's beforeunload is cancelled). */
function reloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('what conversations keep in memory', () => {
  afterEach(() => forgetConversations());

  it('asks before the tab is reloaded or closed while a draft or an unsent message would be lost with it', () => {
    const key = conversationKey(5, 12);
    expect(reloadAsks()).toBe(false);
    keepDraft(key, { text: '  ', file: null });
    expect(reloadAsks()).toBe(false);
    keepDraft(key, { text: 'On my way', file: null });
    expect(reloadAsks()).toBe(true);
    keepDraft(key, { text: '', file: null });
    expect(reloadAsks()).toBe(false);

    const sending = newOutgoing(12, { message: 'Hello', message_type: 'text', file: null });
    updateOutbox(key, (list) => [...list, sending]);
    expect(reloadAsks()).toBe(true);
    updateOutbox(key, () => []);
    expect(reloadAsks()).toBe(false);
  });

  it('asks nothing once signed out (what was kept is forgotten)', () => {
    keepDraft(conversationKey(5, 12), { text: 'On my way', file: new File(['x'], 'a.png', { type: 'image/png' }) });
    forgetConversations();
    expect(reloadAsks()).toBe(false);
  });
});
