import * as Yup from 'yup';
import { emailRule, passwordRule } from './rules';

export const newPasswordSchema = Yup.object({
  email: emailRule(),
  otp: Yup.string().trim().required('OTP is required'),
  password: passwordRule(),
});
