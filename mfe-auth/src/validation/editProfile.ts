import * as Yup from 'yup';
import { charactersIn } from 'shared';
import { nameRule } from './rules';

/**
 * Edit-profile rules. The original defined these (names at most 15, phone and address at least 6)
 * but never applied them; we apply them (docs/deviations.md).
 */
const optionalNumber = () =>
  Yup.number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError('Must be a number');

/** Empty means "not given": the length rules apply only to a value. */
const optionalString = () =>
  Yup.string()
    .trim()
    .transform((value: string) => (value === '' ? undefined : value));

/**
 * The API's limits for phone and address (api/src/routes/auth.ts, update-profile), checked here with
 * the API's own messages before sending. The inputs have no maxLength: it would cut a longer paste
 * silently (and save it cut) where this message should say so. Lengths are counted as the API counts
 * them (charactersIn). Names: nameRule() has the API's limit (15) and message already.
 */
export const PHONE_MAX_LENGTH = 20;
export const ADDRESS_MAX_LENGTH = 255;
/** A provider's limits (the same update-profile route): bio length, years of experience, price. */
export const BIO_MAX_LENGTH = 2000;
export const MAX_YEARS_OF_EXPERIENCE = 80;
export const MAX_PRICE = 1_000_000;

/** As typed: digits, or digits with a decimal part (no sign, exponent or spaces, which the API refuses). */
const writtenAs = (pattern: RegExp, message: string) =>
  [message, (_: unknown, context: Yup.TestContext) => pattern.test(String(context.originalValue ?? '').trim())] as const;

export const editProfileSchema = (isProvider: boolean) =>
  Yup.object({
    first_name: nameRule(),
    last_name: nameRule(),
    phone: optionalString()
      .matches(/^\d*$/, 'Phone must contain digits only')
      .min(6, 'Phone must be at least 6 digits')
      .max(PHONE_MAX_LENGTH, 'The phone may not be greater than 20 characters.'),
    address: optionalString()
      .min(6, 'Address must be at least 6 characters')
      .test(
        'max',
        'The address may not be greater than 255 characters.',
        (value) => value === undefined || charactersIn(value) <= ADDRESS_MAX_LENGTH,
      ),
    bio: Yup.string().test(
      'max',
      `The bio may not be greater than ${BIO_MAX_LENGTH} characters.`,
      (value) => value === undefined || charactersIn(value) <= BIO_MAX_LENGTH,
    ),
    year_of_exp: isProvider
      ? optionalNumber()
          .min(0, 'Must be 0 or more')
          .test('whole', ...writtenAs(/^\d*$/, 'Must be a whole number'))
          .max(MAX_YEARS_OF_EXPERIENCE, `Must be ${MAX_YEARS_OF_EXPERIENCE} or less`)
      : Yup.mixed(),
    basic_price: isProvider
      ? optionalNumber()
          .min(0, 'Must be 0 or more')
          .test('written', ...writtenAs(/^(\d+(\.\d*)?)?$/, 'Must be a number'))
          // A price is kept in cents: a third decimal would be rounded away unsaid.
          .test('cents', ...writtenAs(/^(\d+(\.\d{0,2})?)?$/, 'Must have at most 2 decimals'))
          .max(MAX_PRICE, 'Must be 1,000,000 or less')
      : Yup.mixed(),
  });
