import { ApiError, messageOfError, NO_CONNECTION_MESSAGE, type MessageType } from 'shared';

/** A message sent from this pane that the API has not confirmed: on its way, or failed with a reason. */
export interface OutgoingMessage {
  localId: string;
  /** Its Idempotency-Key: sent again (Retry) after an answer that was lost, the API stores it once. */
  sendKey: string;
  chatId: number;
  message: string;
  message_type: MessageType;
  file: File | null;
  createdAt: string;
  status: 'sending' | 'failed';
  error?: string;
  /** Whether sending it again can work (false: the API refused it for what it is, e.g. its file). */
  retryable?: boolean;
}

let seq = 0;

/** 32 random hex digits (getRandomValues works on plain http too, unlike randomUUID). */
function newSendKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function newOutgoing(
  chatId: number,
  draft: { message: string; message_type: MessageType; file: File | null },
  now = new Date(),
): OutgoingMessage {
  seq += 1;
  return { localId: `local-${seq}`, sendKey: newSendKey(), chatId, ...draft, createdAt: now.toISOString(), status: 'sending' };
}

/** The reason shown on a failed message: the server's own message (413 too large, 400 wrong type, ...), or offline. */
export function failureMessageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return NO_CONNECTION_MESSAGE;
    return error.message || `Not sent (error ${error.status}).`;
  }
  return messageOfError(error);
}
