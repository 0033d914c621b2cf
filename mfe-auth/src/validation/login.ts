import * as Yup from 'yup';
import { emailRule, passwordRule } from './rules';

export const loginSchema = Yup.object({ email: emailRule(), password: passwordRule() });
export type LoginValues = Yup.InferType<typeof loginSchema>;
