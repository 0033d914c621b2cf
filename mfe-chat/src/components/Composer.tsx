import {
  useEffect,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import {
  ATTACHMENT_TYPES,
  attachmentProblem,
  canSend,
  charactersOver,
  composerReducer,
  draftOf,
  emptyComposer,
  enterSends,
  fileReplaced,
  MESSAGE_TOO_LONG,
  messageLength,
} from '../lib/composer';
import { draftFor, keepDraft, type ConversationKey } from '../lib/conversationMemory';
import { formatFileSize } from '../lib/fileSize';
import type { Draft } from '../hooks/useConversation';

export interface ComposerProps {
  /** Sends a draft (after the messages sent before it); the composer does not wait for it. */
  onSend: (draft: Draft) => unknown;
  /** A failed message taken back for editing: its text and file, put back into the box. */
  restore?: { text: string; file: File | null; key: number } | null;
  /** The conversation whose unsent text and file the box keeps while it is closed. */
  draftKey: ConversationKey;
  /** Changed, the box takes the focus (a failed message's Retry went with its failure). */
  focusRequest?: number;
}

/**
 * The message box: Enter sends, Shift+Enter is a new line; Send is disabled while there is nothing
 * to send; an attached PNG goes as a photo, any other file as an attachment (spec section 4). The box
 * and the file are cleared as soon as Send is pressed, for the next message, which may be sent while a
 * photo is still uploading: it goes after it (useConversation sends a conversation's messages in turn). What is
 * typed or attached and not sent is kept for the conversation: it is back in the box when the
 * conversation is opened again. A text longer than the API takes stays whole: the composer says so, with
 * the limit and how much to remove, and Send waits until it is shortened. The box grows with its text up
 * to a maximum height (chat.css), then scrolls, so a long message can be read over before it is sent.
 */
export function Composer({ onSend, restore, draftKey, focusRequest = 0 }: ComposerProps) {
  const [state, dispatch] = useReducer(composerReducer, draftKey, (key) => ({ ...emptyComposer, ...draftFor(key) }));
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const problemId = useId();
  const lengthId = useId();
  const boxId = useId();
  const box = useFitToText(state.text);
  const sendButton = useRef<HTMLButtonElement>(null);
  const over = charactersOver(state.text);
  const describedBy = [fileProblem ? problemId : null, over > 0 ? lengthId : null].filter(Boolean).join(' ') || undefined;

  useEffect(() => keepDraft(draftKey, { text: state.text, file: state.file }), [draftKey, state.text, state.file]);

  /** The file attached now, for a restore that brings a file of its own. */
  const attached = useRef(state.file);
  useEffect(() => {
    attached.current = state.file;
  });
  useEffect(() => {
    if (restore) {
      // A message holds one file: the edited message's takes the place of one attached since, which is said.
      const replaced = restore.file && attached.current && attached.current !== restore.file ? attached.current : null;
      setFileProblem(replaced ? fileReplaced(replaced.name, restore.file!.name) : null);
      dispatch({ type: 'restored', text: restore.text, file: restore.file });
      box.current?.focus();
    }
  }, [restore, box]);

  useEffect(() => {
    if (focusRequest > 0) box.current?.focus();
  }, [focusRequest, box]);

  const submit = () => {
    if (!canSend(state)) return;
    const draft = draftOf(state);
    // What was said about a file (refused, replaced) is over once the message goes.
    setFileProblem(null);
    dispatch({ type: 'submitted' });
    if (fileInput.current) fileInput.current.value = '';
    onSend(draft);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Send is disabled once the box is cleared, which would drop its focus to the page: the box takes it.
    if (document.activeElement === sendButton.current) box.current?.focus();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (enterSends({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) {
      event.preventDefault();
      submit();
    }
  };

  /** A file the API would refuse (type, size) is said at once and not attached: it would only fail after uploading. */
  const attach = (file: File | null) => {
    const problem = file ? attachmentProblem(file) : null;
    setFileProblem(problem);
    if (problem && fileInput.current) fileInput.current.value = '';
    dispatch({ type: 'attached', file: problem ? state.file : file });
  };

  const clearFile = () => {
    setFileProblem(null);
    dispatch({ type: 'attached', file: null });
    if (fileInput.current) fileInput.current.value = '';
    // The remove button goes with the file: the focus goes on to the message, not to the page.
    box.current?.focus();
  };

  return (
    <form className="chat-composer" aria-label="Send a message" onSubmit={onSubmit}>
      {fileProblem ? (
        <p id={problemId} className="chat-composer__problem" role="alert">
          {fileProblem}
        </p>
      ) : null}
      {state.file ? (
        <div className="chat-composer__file">
          {/* A long name is cut, never the size after it. */}
          <span className="chat-composer__file-name">{state.file.name}</span>{' '}
          <span className="ui-muted chat-composer__file-size">({formatFileSize(state.file.size)})</span>
          <button type="button" className="chat-icon-button" aria-label={`Remove ${state.file.name}`} onClick={clearFile}>
            ×
          </button>
        </div>
      ) : null}
      {over > 0 ? (
        <div id={lengthId} className="chat-composer__problem">
          {/* The alert's words stay the same while typing, so it is announced once, not at every key. */}
          <p role="alert">{MESSAGE_TOO_LONG}</p>
          <p>
            This one has {formatCount(messageLength(state.text))}: remove {formatCount(over)} to send it.
          </p>
        </div>
      ) : null}
      <div className="chat-composer__row">
        <label className="chat-composer__attach" title="Attach a file">
          <input
            ref={fileInput}
            type="file"
            className="ui-visually-hidden"
            aria-label="Attach a file"
            accept={ATTACHMENT_TYPES.join(',')}
            aria-invalid={fileProblem ? true : undefined}
            aria-describedby={fileProblem ? problemId : undefined}
            onChange={(event) => attach(event.target.files?.[0] ?? null)}
          />
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l8-8"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </label>
        <div className="chat-composer__field">
          <label htmlFor={boxId} className="chat-composer__label">
            Message
          </label>
          <textarea
            id={boxId}
            ref={box}
            className="chat-composer__box"
            placeholder="Type a message"
            rows={1}
            value={state.text}
            aria-invalid={over > 0 ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => dispatch({ type: 'typed', text: event.target.value })}
            onKeyDown={onKeyDown}
          />
        </div>
        <button
          ref={sendButton}
          type="submit"
          className="ui-button ui-button--primary chat-composer__send"
          disabled={!canSend(state)}
          aria-describedby={over > 0 ? lengthId : undefined}
        >
          Send
        </button>
      </div>
    </form>
  );
}

const formatCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'character' : 'characters'}`;

/**
 * Sizes the box to its text (one line when empty); the CSS max-height caps it, and beyond that it scrolls.
 * Measured again when the text changes and when the window is resized (the lines wrap anew).
 */
function useFitToText(text: string): RefObject<HTMLTextAreaElement | null> {
  const box = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const fit = () => {
      const el = box.current;
      if (!el) return;
      el.style.height = 'auto';
      // border-box: the height includes the borders, which scrollHeight leaves out.
      el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [text]);
  return box;
}
