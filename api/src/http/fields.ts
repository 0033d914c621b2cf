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

/** A required name: 'Required', 'Must be 15 characters or less'. */
export const nameField = {
  type: 'string',
  minLength: 1,
  maxLength: 15,
  'x-messages': { required: 'Required', minLength: 'Required', maxLength: 'Must be 15 characters or less' },
};

export const roleField = {
  type: 'string',
  enum: ['Customer', 'Provider'],
  'x-messages': { required: 'The role field is required.', enum: 'The role must be Customer or Provider.' },
};

/** A file part of a multipart form (its content is in request.uploadedFiles). */
export const fileField = { type: 'string', format: 'binary' };
