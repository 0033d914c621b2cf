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
 * A character that is neither whitespace nor zero-width (U+200B–U+200D, U+2060, U+FEFF): a text
 * without one looks empty, and is stored empty once trimmed.
 */
const VISIBLE_CHARACTER = '[^\\s\\u200B-\\u200D\\u2060\\uFEFF]';

/**
 * A required text of at most `maxLength` characters: missing, empty, or made only of whitespace and
 * zero-width characters, it is refused with `required`.
 */
export const requiredTextField = (maxLength: number, required: string, messages: Record<string, string> = {}) => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: VISIBLE_CHARACTER,
  'x-messages': { required, minLength: required, pattern: required, ...messages },
});

/** A required name: 'Required', 'Must be 15 characters or less'. */
export const nameField = requiredTextField(15, 'Required', { maxLength: 'Must be 15 characters or less' });

export const roleField = {
  type: 'string',
  enum: ['Customer', 'Provider'],
  'x-messages': { required: 'The role field is required.', enum: 'The role must be Customer or Provider.' },
};

/** A file part of a multipart form (its content is in request.uploadedFiles). */
export const fileField = { type: 'string', format: 'binary' };
