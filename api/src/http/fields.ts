import { EMAIL_ADDRESS_PATTERN } from 'shared/src/contracts/email';
import {
  CONTROL_CHARACTERS_MESSAGE,
  CONTROL_OR_OVERRIDE_PATTERN,
  VISIBLE_CHARACTER_PATTERN,
} from 'shared/src/contracts/textRules';

/** Field schemas carrying the exact validation texts of spec section 5 (`x-messages`, see http/errors.ts). */

/** The forms check the same pattern (shared EMAIL_ADDRESS_PATTERN) before sending. */
export const emailField = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: EMAIL_ADDRESS_PATTERN,
  'x-messages': {
    required: 'Email is required',
    minLength: 'Email is required',
    pattern: 'Email is invalid',
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
 * A required text of at most `maxLength` characters: missing, empty, or made only of invisible
 * characters (shared textRules.ts), it is refused with `required`.
 */
export const requiredTextField = (maxLength: number, required: string, messages: Record<string, string> = {}) => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: VISIBLE_CHARACTER_PATTERN,
  'x-messages': { required, minLength: required, pattern: required, ...messages },
});

/** A required name on one line: 'Required', 'Must be 15 characters or less'. */
export const nameField = {
  ...requiredTextField(15, 'Required', { maxLength: 'Must be 15 characters or less', not: CONTROL_CHARACTERS_MESSAGE }),
  // Only a name that shows something is told about its control characters: a blank one is 'Required'.
  not: { allOf: [{ pattern: VISIBLE_CHARACTER_PATTERN }, { pattern: CONTROL_OR_OVERRIDE_PATTERN }] },
};

export const roleField = {
  type: 'string',
  enum: ['Customer', 'Provider'],
  'x-messages': { required: 'The role field is required.', enum: 'The role must be Customer or Provider.' },
};

/** A file part of a multipart form (its content is in request.uploadedFiles). */
export const fileField = { type: 'string', format: 'binary' };
