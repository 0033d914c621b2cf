import { getRuntimeConfig, type MessageType } from 'shared';
import { fileTooLargeMessage, IMAGE_TYPES } from 'shared/src/uploads';
import { messageTypeFor } from './messageType';

/** What the API takes as a chat attachment (by content): images and PDFs. */
export const ATTACHMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'];
/** The API's words for another kind of file. */
export const ATTACHMENT_NOT_ALLOWED = 'The attachment must be an image or a PDF.';
/** A file with nothing in it: the API would refuse it as not an image or a PDF, which does not say why. */
export const ATTACHMENT_EMPTY = 'The file is empty. Choose another file.';
/** The API's limit of a message's text (POST /api/chats), and its words when a message is longer. */
export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_TOO_LONG = `The message may not be greater than ${MESSAGE_MAX_LENGTH} characters.`;

/** A message's length as sent (trimmed) and as the API counts it (code points: an emoji is one). */
export const messageLength = (text: string) => Array.from(text.trim()).length;

/**
 * How much longer than the API takes the text is, or 0. The box has no maxLength: it cut a longer paste
 * silently and Send sent what was left; the text stays whole and the composer says so instead.
 */
export function charactersOver(text: string): number {
  return Math.max(0, messageLength(text) - MESSAGE_MAX_LENGTH);
}

/**
 * Why a chosen file cannot be sent, in the API's words, or null: empty, its type (by the browser's, else by the
 * name's ending) and its size. The API still checks the content.
 */
export function attachmentProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (file.size === 0) return ATTACHMENT_EMPTY;
  const allowed = file.type ? ATTACHMENT_TYPES.includes(file.type.toLowerCase()) : /\.(png|jpe?g|gif|webp|pdf)$/i.test(file.name);
  return allowed ? fileTooLargeMessage(file, getRuntimeConfig().maxUploadBytes) : ATTACHMENT_NOT_ALLOWED;
}

/** The message box and the attached file. */
export interface ComposerState {
  text: string;
  file: File | null;
}

export const emptyComposer: ComposerState = { text: '', file: null };

export type ComposerAction =
  | { type: 'typed'; text: string }
  | { type: 'attached'; file: File | null }
  /**
   * Send pressed: the box and the file are cleared at once (the message shows in the pane as sending),
   * ready for the next one, which goes after it.
   */
  | { type: 'submitted' }
  /** A failed message is taken back for editing: its text and file return to the composer. */
  | { type: 'restored'; text: string; file: File | null };

/** Said when a failed message taken back for editing brings its file in place of one attached since. */
export const fileReplaced = (removed: string, restored: string) =>
  `${removed} was taken out: a message holds one file, and ${restored} is back with the message you are editing. Attach ${removed} again to send it next.`;

export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case 'typed':
      return { ...state, text: action.text };
    case 'attached':
      return { ...state, file: action.file };
    case 'submitted':
      return emptyComposer;
    case 'restored':
      return {
        ...state,
        text: state.text.trim() ? `${action.text}\n${state.text}` : action.text,
        file: action.file ?? state.file,
      };
    default:
      return state;
  }
}

/** Send is enabled only with something to send (text or a file) and a text the API takes. */
export function canSend(state: ComposerState): boolean {
  return (state.text.trim() !== '' || state.file !== null) && charactersOver(state.text) === 0;
}

/** What a press of Send sends: the type by the file (spec section 4), the text without outer blanks. */
export function draftOf(state: ComposerState): { message_type: MessageType; message: string; file: File | null } {
  return { message_type: messageTypeFor(state.file), message: state.text.trim(), file: state.file };
}

/** Enter sends; Shift+Enter (and Enter while an input method is composing) makes a new line. */
export function enterSends(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}
