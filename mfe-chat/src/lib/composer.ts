import type { MessageType } from 'shared';
import { messageTypeFor } from './messageType';

/** The message box, the attached file and whether a message is on its way. */
export interface ComposerState {
  text: string;
  file: File | null;
  sending: boolean;
}

export const emptyComposer: ComposerState = { text: '', file: null, sending: false };

export type ComposerAction =
  | { type: 'typed'; text: string }
  | { type: 'attached'; file: File | null }
  /** Send pressed: the box and the file are cleared at once (the message shows in the pane), sending starts. */
  | { type: 'submitted' }
  /** The API answered (either way). */
  | { type: 'settled' }
  /** A failed message is taken back for editing: its text and file return to the composer. */
  | { type: 'restored'; text: string; file: File | null };

export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case 'typed':
      return { ...state, text: action.text };
    case 'attached':
      return { ...state, file: action.file };
    case 'submitted':
      return { text: '', file: null, sending: true };
    case 'settled':
      return { ...state, sending: false };
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

/** Send is enabled only with something to send (text or a file) and no message on its way. */
export function canSend(state: ComposerState): boolean {
  return !state.sending && (state.text.trim() !== '' || state.file !== null);
}

/** What a press of Send sends: the type by the file (spec section 4), the text without outer blanks. */
export function draftOf(state: ComposerState): { message_type: MessageType; message: string; file: File | null } {
  return { message_type: messageTypeFor(state.file), message: state.text.trim(), file: state.file };
}

/** Enter sends; Shift+Enter (and Enter while an input method is composing) makes a new line. */
export function enterSends(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}
