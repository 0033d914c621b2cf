import { bus } from 'shared';
import { newOutgoing } from './outgoing';

// As in the app: the shell subscribes to auth/sessionExpired before the chat remote is loaded, and
// announces the sign-out (auth/loggedOut) from inside its handler, before this module's handler has run.
bus.on('auth/sessionExpired').subscribe(() => bus.emit({ type: 'auth/loggedOut' }));
// Loaded after that subscription (an import would be hoisted above it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const memory = require('./conversationMemory') as typeof import('./conversationMemory');

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('what conversations keep when the session ends', () => {
  afterEach(() => memory.forgetConversations());

  it('the API ended it (expired): the texts on their way, then what was typed, stay as the draft, whatever order the bus told it in', async () => {
    const key = memory.conversationKey(5, 12);
    memory.updateOutbox(key, (list) => [...list, newOutgoing(12, { message: 'draft send', message_type: 'text', file: null })]);
    memory.keepDraft(key, { text: 'Call me', file: null });
    bus.emit({ type: 'auth/sessionExpired' });
    await settled();
    expect(memory.draftFor(key)).toEqual({ text: 'draft send\nCall me', file: null });
    expect(memory.outboxOf(key)).toEqual([]);
  });

  it('signed out by choice after signing in again: nothing stays', async () => {
    const key = memory.conversationKey(5, 12);
    bus.emit({ type: 'auth/sessionExpired' });
    await settled();
    bus.emit({ type: 'auth/loggedIn', user: { id: 5 } as never, token: 'tok' });
    memory.keepDraft(key, { text: 'Private words', file: null });
    bus.emit({ type: 'auth/loggedOut' });
    await settled();
    expect(memory.draftFor(key)).toBeUndefined();
  });
});
