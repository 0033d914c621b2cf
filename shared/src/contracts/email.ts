/**
 * An e-mail address as the API takes it, one rule for the server's schema and the forms, so a form refuses
 * what the server would refuse before anything is sent: dot-separated local parts of the usual characters,
 * and a domain of at least two dot-separated labels (no 'a@b'). The same rule as JSON Schema's `email`
 * format in ajv-formats' full mode, written without flags so that it is also a JSON Schema `pattern`.
 */
export const EMAIL_ADDRESS_PATTERN =
  "^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\\.)+[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$";

const EMAIL_ADDRESS = new RegExp(EMAIL_ADDRESS_PATTERN, 'u');

/** Whether `value` (trimmed by the caller) is an e-mail address the API takes. */
export const isEmailAddress = (value: string) => EMAIL_ADDRESS.test(value);
