import { useEffect, useRef, useState } from 'react';
import { ApiError, openChatWith, type Chat, type Role } from 'shared';
import type { ChatTarget } from '../lib/chatTarget';
import { counterpartOf } from '../lib/contacts';
import type { ChatsState } from './useChats';

export type Selection =
  { status: 'none' } | { status: 'opening' } | { status: 'open'; chatId: number } | { status: 'error'; message: string };

export const NOT_A_USER = (raw: string) => `“${raw}” is not a user id, so there is no conversation to open.`;
export const CHAT_NOT_FOUND = 'This conversation was not found among your chats.';
export const cannotOpen = (reason: string) => `This conversation cannot be opened: ${reason}`;

/**
 * Which conversation the address opens. A user id already among the contacts opens that chat;
 * another one is opened (or created) by the API, which refuses users of the same role and unknown
 * ids with a message shown instead.
 */
export function useSelectedChat(
  target: ChatTarget,
  chats: ChatsState,
  role: Role | undefined,
  upsert: (chat: Chat) => void,
): Selection {
  const [selection, setSelection] = useState<Selection>({ status: 'none' });
  const chatsRef = useRef<Chat[] | null>(null);
  chatsRef.current = chats.status === 'ready' ? chats.chats : null;
  const ready = chats.status === 'ready';
  const failed = chats.status === 'error';
  const targetKey =
    target.kind === 'none' ? 'none' : target.kind === 'invalid' ? `invalid:${target.raw}` : `${target.kind}:${target.id}`;

  useEffect(() => {
    let active = true;
    if (target.kind === 'none') setSelection({ status: 'none' });
    else if (target.kind === 'invalid') setSelection({ status: 'error', message: NOT_A_USER(target.raw) });
    else if (!ready) setSelection(failed ? { status: 'none' } : { status: 'opening' });
    else {
      const list = chatsRef.current ?? [];
      const known =
        target.kind === 'chat' ? list.find((c) => c.id === target.id) : list.find((c) => counterpartOf(c, role).id === target.id);
      if (known) setSelection({ status: 'open', chatId: known.id });
      else if (target.kind === 'chat') setSelection({ status: 'error', message: CHAT_NOT_FOUND });
      else {
        setSelection({ status: 'opening' });
        openChatWith(target.id, { silent: true }).then(
          ({ data }) => {
            if (!active) return;
            upsert(data);
            setSelection({ status: 'open', chatId: data.id });
          },
          (error: unknown) => {
            console.error(error);
            if (active)
              setSelection({ status: 'error', message: cannotOpen(error instanceof ApiError ? error.message : 'Network Error') });
          },
        );
      }
    }
    return () => {
      active = false;
    };
    // Runs when the address or the list's readiness changes, not on every live update of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetKey, ready, failed, role]);

  return selection;
}
