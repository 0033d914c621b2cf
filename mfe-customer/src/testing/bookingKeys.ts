import type { InternalAxiosRequestConfig } from 'axios';
import type { FakeReply } from './fakeApi';

/** A POST /api/jobs handler answering with `replies` in turn, and the Idempotency-Key each call sent. */
export function answeringInTurn(replies: ReadonlyArray<() => FakeReply | Promise<FakeReply>>) {
  const keys: string[] = [];
  const handler = (config: InternalAxiosRequestConfig) => {
    keys.push(String(config.headers['Idempotency-Key']));
    return replies[keys.length - 1]();
  };
  return { keys, handler };
}

/** What the booking form says when Submit & Pay got no answer: why, and that pressing it again is safe. */
export const NO_ANSWER_ALERT =
  'The server cannot be reached. Check your connection and retry. If it went through, Submit & Pay again will not book or charge it twice.';
