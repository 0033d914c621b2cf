/** Field schemas carrying the exact validation texts of spec section 5 (`x-messages`, see http/errors.ts). */

export const emailField = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  format: 'email',
  'x-messages': {
    required: 'Email is required',
    minLength: 'Email is required',
    format: 'Email is invalid',
    type: 'Email is invalid',
  },
};

export const passwordField = {
  type: 'string',
  minLength: 6,
  maxLength: 200,
  'x-messages': {
    required: 'Password is required',
    minLength: 'Password must be at least 6 charaters',
    maxLength: 'The password may not be greater than 200 characters.',
  },
};

/**
 * Characters that show nothing: whitespace, zero-width spaces and joiners, direction marks and
 * overrides, the soft hyphen, the combining grapheme joiner, and the blank fillers (Hangul, braille,
 * Mongolian, Khmer) that look like a name but read as nothing.
 */
const INVISIBLE =
  '\\s\\u00AD\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u2800\\u3164\\uFEFF\\uFFA0';

/** A character that is none of INVISIBLE: a text without one looks empty. */
const VISIBLE_CHARACTER = `[^${INVISIBLE}]`;
// eslint-disable-next-line no-misleading-character-class -- each invisible code point is meant alone (U+034F, U+17B4 are combining marks)
const VISIBLE = new RegExp(VISIBLE_CHARACTER);

/** Whether a text shows anything at all (see INVISIBLE). */
export const hasVisibleCharacter = (text: string): boolean => VISIBLE.test(text);

/**
 * Control characters (line breaks, tabs, bell…) and direction overrides: in a name they break the line
 * of every card, chat and e-mail it is shown in, or turn the text that follows around ('…exe.gnp').
 */
const CONTROL_OR_OVERRIDE = '[\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]';
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain line breaks or control characters';

/**
 * A required text of at most `maxLength` characters: missing, empty, or made only of invisible
 * characters (see INVISIBLE), it is refused with `required`.
 */
export const requiredTextField = (maxLength: number, required: string, messages: Record<string, string> = {}) => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: VISIBLE_CHARACTER,
  'x-messages': { required, minLength: required, pattern: required, ...messages },
});

/** A required name on one line: 'Required', 'Must be 15 characters or less'. */
export const nameField = {
  ...requiredTextField(15, 'Required', { maxLength: 'Must be 15 characters or less', not: CONTROL_CHARACTERS_MESSAGE }),
  // Only a name that shows something is told about its control characters: a blank one is 'Required'.
  not: { allOf: [{ pattern: VISIBLE_CHARACTER }, { pattern: CONTROL_OR_OVERRIDE }] },
};

export const roleField = {
  type: 'string',
  enum: ['Customer', 'Provider'],
  'x-messages': { required: 'The role field is required.', enum: 'The role must be Customer or Provider.' },
};

/** A file part of a multipart form (its content is in request.uploadedFiles). */
export const fileField = { type: 'string', format: 'binary' };
