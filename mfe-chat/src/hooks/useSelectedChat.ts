import { useEffect, useState } from 'react';
import { isRetryableFailure, failureText, openChatWith, type Chat, type Role } from 'shared';
import type { ChatTarget } from '../lib/chatTarget';
import { counterpartOf } from '../lib/contacts';
import type { ChatsState } from './useChats';

export type Selection =
  | { status: 'none' }
  | { status: 'opening' }
  | { status: 'open'; chatId: number }
  /** `retry`: the failure may pass (no connection, a busy server): asks the API again. */
  | { status: 'error'; message: string; retry?: () => void };

export const NOT_A_USER = (raw: string) => `“${raw}” is not a user id, so there is no conversation to open.`;
export const NOT_A_CHAT = (raw: string) => `“${raw}” is not a chat id, so there is no conversation to open.`;
export const CHAT_NOT_FOUND = 'This conversation was not found among your chats.';
export const cannotOpen = (reason: string) => `This conversation cannot be opened: ${reason}`;
export const OWN_ACCOUNT = cannotOpen('that user id is your own account.');

/**
 * Which conversation the address opens. A user id already among the contacts opens that chat;
 * another one is opened (or created) by the API, which refuses users of the same role and unknown
 * ids with a message shown instead. Everything but the API's answer is derived from the address and
 * the list while rendering.
 */
export function useSelectedChat(
  target: ChatTarget,
  chats: ChatsState,
  me: { id: number; role: Role } | null | undefined,
  upsert: (chat: Chat) => void,
): Selection {
  const targetKey =
    target.kind === 'none' ? 'none' : target.kind === 'invalid' ? `invalid:${target.raw}` : `${target.kind}:${target.id}`;
  /** The API's answer for a user id that was not among the contacts, for the address it answers. */
  const [opened, setOpened] = useState<{ targetKey: string; selection: Selection } | null>(null);
  /** Counts the user's Retry after a failure that may pass: each asks the API again. */
  const [attempt, setAttempt] = useState(0);
  // A new address forgets the answer for the previous one (adjusting state while rendering).
  if (opened && opened.targetKey !== targetKey) setOpened(null);

  const role = me?.role;
  const ownAccount = target.kind === 'user' && target.id === me?.id;
  const list = chats.status === 'ready' ? chats.chats : null;
  const targetId = target.kind === 'chat' || target.kind === 'user' ? target.id : null;
  const known =
    list && targetId !== null
      ? target.kind === 'chat'
        ? list.find((c) => c.id === targetId)
        : list.find((c) => counterpartOf(c, role).id === targetId)
      : undefined;
  /** The user id to open through the API: the list is there and has no chat with them. */
  const toOpen = list && target.kind === 'user' && !known && !ownAccount ? target.id : null;

  // Runs when the address or the list's readiness changes, not on every live update of the list.
  useEffect(() => {
    if (toOpen === null) return undefined;
    let active = true;
    openChatWith(toOpen, { silent: true }).then(
      ({ data }) => {
        if (!active) return;
        upsert(data);
        setOpened({ targetKey: `user:${toOpen}`, selection: { status: 'open', chatId: data.id } });
      },
      (error: unknown) => {
        console.error(error);
        if (active) {
          const message = cannotOpen(failureText(error));
          const retry = isRetryableFailure(error)
            ? () => {
                setOpened(null);
                setAttempt((n) => n + 1);
              }
            : undefined;
          setOpened({ targetKey: `user:${toOpen}`, selection: { status: 'error', message, retry } });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [toOpen, upsert, attempt]);

  if (target.kind === 'none') return { status: 'none' };
  if (target.kind === 'invalid') {
    return { status: 'error', message: target.of === 'chat' ? NOT_A_CHAT(target.raw) : NOT_A_USER(target.raw) };
  }
  if (ownAccount) return { status: 'error', message: OWN_ACCOUNT };
  if (chats.status === 'error') return { status: 'none' };
  if (!list) return { status: 'opening' };
  if (known) return { status: 'open', chatId: known.id };
  if (target.kind === 'chat') return { status: 'error', message: CHAT_NOT_FOUND };
  return opened?.targetKey === targetKey ? opened.selection : { status: 'opening' };
}
