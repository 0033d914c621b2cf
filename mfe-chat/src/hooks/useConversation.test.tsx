import { renderHook, waitFor } from '@testing-library/react';
import { setRuntimeConfig } from 'shared';
import { fakeApi, ok, type FakeReply } from '../testing/fakeApi';
import { cara, dora, makeChat, makeMessage, pete } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';
import { useConversation } from './useConversation';

setupScreenTest();
beforeAll(() => setRuntimeConfig({ apiUrl: 'http://api.test' }));

const callbacks = { onIncoming: () => undefined, onSent: () => undefined };
const withPete = makeChat(1, cara, pete);
const withDora = makeChat(2, cara, dora);

describe('useConversation, its chat changed in place', () => {
  it("never takes the last chat's messages for the new one's, then or when it is opened again", async () => {
    fakeApi({
      'GET /api/chats/1/messages': ok({
        messages: [makeMessage({ id: 11, chat_id: 1, from_id: pete.id, message: 'On my way' })],
      }),
      'GET /api/chats/2/messages': () => new Promise<FakeReply>(() => undefined),
    });
    const { result, rerender, unmount } = renderHook(({ chat }) => useConversation(chat, cara.id, callbacks), {
      initialProps: { chat: withPete },
    });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));

    rerender({ chat: withDora });
    expect(result.current.state).toEqual({ status: 'loading' });
    unmount();

    const again = renderHook(() => useConversation(withDora, cara.id, callbacks));
    expect(again.result.current.state).toEqual({ status: 'loading' });
  });
});
