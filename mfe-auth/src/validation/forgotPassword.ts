import * as Yup from 'yup';
import { emailRule } from './rules';

export const forgotPasswordSchema = Yup.object({ email: emailRule() });
