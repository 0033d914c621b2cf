import * as Yup from 'yup';
import { emailRule, nameRule, passwordRule } from './rules';

export const signupSchema = Yup.object({
  first_name: nameRule(),
  last_name: nameRule(),
  email: emailRule(),
  password: passwordRule(),
  password_confirmation: Yup.string()
    .oneOf([Yup.ref('password')], 'Password must match')
    .required('Confirm password is required'),
});
