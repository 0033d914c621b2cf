import * as Yup from 'yup';
import { charactersIn, CONTROL_CHARACTERS_MESSAGE, hasControlCharacter, hasVisibleCharacter, isEmailAddress } from 'shared';

/**
 * Field rules shared by several forms; messages are the spec's (section 5), spelling included.
 * `required` comes first so that an empty field shows its "required" message, as Formik keeps the
 * first message per field.
 */
export const emailRule = () =>
  Yup.string()
    .trim()
    .required('Email is required')
    .test('email', 'Email is invalid', (value) => value === undefined || isEmailAddress(value));

/** The API's limits and messages for a password (at most 200 characters as it counts them). */
export const passwordRule = () =>
  Yup.string()
    .required('Password is required')
    .min(6, 'Password must be at least 6 charaters')
    .test(
      'max',
      'The password may not be greater than 200 characters.',
      (value) => value === undefined || charactersIn(value) <= 200,
    );

/**
 * A person's (or card's) name as the API takes it: something visible ('Required' for blanks and zero-width
 * characters too), at most 15 characters as the API counts them, on one line with no direction overrides.
 */
export const nameRule = () =>
  Yup.string()
    .trim()
    .required('Required')
    .test('visible', 'Required', (value) => value === undefined || hasVisibleCharacter(value))
    .test('max', 'Must be 15 characters or less', (value) => value === undefined || charactersIn(value) <= 15)
    .test('control', CONTROL_CHARACTERS_MESSAGE, (value) => value === undefined || !hasControlCharacter(value));
