import {
  canSend,
  charactersOver,
  composerReducer,
  draftOf,
  emptyComposer,
  enterSends,
  MESSAGE_TOO_LONG,
  type ComposerState,
} from './composer';

const png = new File(['x'], 'dent.png', { type: 'image/png' });
const pdf = new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' });
const run = (...actions: Parameters<typeof composerReducer>[1][]): ComposerState =>
  actions.reduce(composerReducer, emptyComposer);

describe("the composer's states", () => {
  it('Send is disabled while the box is empty or blank', () => {
    expect(canSend(emptyComposer)).toBe(false);
    expect(canSend(run({ type: 'typed', text: '  \n ' }))).toBe(false);
    expect(canSend(run({ type: 'typed', text: 'Hi' }))).toBe(true);
  });

  it("Send is refused for a text longer than the API's 5000 characters, counted as sent (trimmed, an emoji is one)", () => {
    expect(MESSAGE_TOO_LONG).toBe('The message may not be greater than 5000 characters.');
    expect(canSend(run({ type: 'typed', text: 'a'.repeat(5000) }))).toBe(true);
    expect(canSend(run({ type: 'typed', text: ` ${'a'.repeat(5000)}\n` }))).toBe(true);
    expect(canSend(run({ type: 'typed', text: '😀'.repeat(5000) }))).toBe(true);
    expect(canSend(run({ type: 'typed', text: 'a'.repeat(5001) }))).toBe(false);
    expect(canSend(run({ type: 'typed', text: 'a'.repeat(6310) }, { type: 'attached', file: pdf }))).toBe(false);
    expect(charactersOver('a'.repeat(6310))).toBe(1310);
    expect(charactersOver('a'.repeat(5000))).toBe(0);
  });

  it('a file alone can be sent', () => {
    expect(canSend(run({ type: 'attached', file: pdf }))).toBe(true);
    expect(canSend(run({ type: 'attached', file: pdf }, { type: 'attached', file: null }))).toBe(false);
  });

  it('pressing Send clears the box and the file; the next message can be sent at once', () => {
    const sent = run({ type: 'typed', text: 'Hi' }, { type: 'attached', file: pdf }, { type: 'submitted' });
    expect(sent).toEqual({ text: '', file: null });
    expect(canSend(sent)).toBe(false);
    expect(canSend(composerReducer(sent, { type: 'typed', text: 'next' }))).toBe(true);
  });

  it('a failed message taken back restores its text and file (the typed text is not lost)', () => {
    expect(run({ type: 'restored', text: 'Hi there', file: png })).toEqual({ text: 'Hi there', file: png });
    const withDraft = run({ type: 'typed', text: 'draft' }, { type: 'restored', text: 'Hi there', file: null });
    expect(withDraft.text).toBe('Hi there\ndraft');
  });

  it('the draft is typed by its file (spec section 4) and trimmed', () => {
    expect(draftOf(run({ type: 'typed', text: '  hello ' }))).toEqual({ message_type: 'text', message: 'hello', file: null });
    expect(draftOf(run({ type: 'attached', file: png }))).toEqual({ message_type: 'photo', message: '', file: png });
    expect(draftOf(run({ type: 'typed', text: 'the bill' }, { type: 'attached', file: pdf }))).toEqual({
      message_type: 'attachment',
      message: 'the bill',
      file: pdf,
    });
  });

  it('Enter sends; Shift+Enter and composing input make a new line', () => {
    expect(enterSends({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(enterSends({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(enterSends({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(enterSends({ key: 'a', shiftKey: false })).toBe(false);
  });
});
