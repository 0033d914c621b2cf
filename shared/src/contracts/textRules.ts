/*
 * Rules on typed text that the API's schemas and the forms share, so a form refuses before sending what
 * the server would refuse, with the same message.
 */

/**
 * Characters that show nothing: whitespace, zero-width spaces and joiners, direction marks and
 * overrides, the soft hyphen, the combining grapheme joiner, and the blank fillers (Hangul, braille,
 * Mongolian, Khmer) that look like a name but read as nothing.
 */
const INVISIBLE =
  '\\s\\u00AD\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u2800\\u3164\\uFEFF\\uFFA0';

/** A character that is none of INVISIBLE (a JSON Schema `pattern`): a text without one looks empty. */
export const VISIBLE_CHARACTER_PATTERN = `[^${INVISIBLE}]`;
// eslint-disable-next-line no-misleading-character-class -- each invisible code point is meant alone (U+034F, U+17B4 are combining marks)
const VISIBLE = new RegExp(VISIBLE_CHARACTER_PATTERN);

/** Whether a text shows anything at all (see INVISIBLE). */
export const hasVisibleCharacter = (text: string): boolean => VISIBLE.test(text);

/**
 * Control characters (line breaks, tabs, bell…) and direction overrides (a JSON Schema `pattern`): in a
 * name they break the line of every card, chat and e-mail it is shown in, or turn the text that follows
 * around ('…exe.gnp').
 */
export const CONTROL_OR_OVERRIDE_PATTERN = '[\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]';
const CONTROL_OR_OVERRIDE = new RegExp(CONTROL_OR_OVERRIDE_PATTERN);
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain line breaks or control characters';

/** Whether a text holds a control character or a direction override. */
export const hasControlCharacter = (text: string): boolean => CONTROL_OR_OVERRIDE.test(text);

/** Characters as the API counts them (JSON Schema maxLength: code points), so an emoji is one, not two. */
export const charactersIn = (value: string) => Array.from(value).length;
