import * as Yup from 'yup';

/**
 * Field rules shared by several forms; messages are the spec's (section 5), spelling included.
 * `required` comes first so that an empty field shows its "required" message, as Formik keeps the
 * first message per field.
 */
export const emailRule = () => Yup.string().trim().required('Email is required').email('Email is invalid');

export const passwordRule = () => Yup.string().required('Password is required').min(6, 'Password must be at least 6 charaters');

/** Characters as the API counts them (JSON Schema maxLength: code points), so an emoji is one, not two. */
export const charactersIn = (value: string) => Array.from(value).length;

export const nameRule = () =>
  Yup.string()
    .trim()
    .required('Required')
    .test('max', 'Must be 15 characters or less', (value) => value === undefined || charactersIn(value) <= 15);
