import { Form, Formik } from 'formik';
import { useLocation, useNavigate } from 'react-router-dom';
import { resetPassword } from 'shared';
import { AuthCard, BackToLogin } from '../components/AuthCard';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { newPasswordSchema } from '../validation/newPassword';
import { toastFailure, toastSuccess } from '../toasts';

interface Values {
  email: string;
  otp: string;
  password: string;
}

export default function NewPasswordPage() {
  const navigate = useNavigate();
  const state = useLocation().state as { email?: unknown } | null;
  const initialValues: Values = { email: typeof state?.email === 'string' ? state.email : '', otp: '', password: '' };

  const submit = async (values: Values) => {
    try {
      const { message } = await resetPassword(
        { email: values.email.trim(), otp: values.otp.trim(), password: values.password },
        { silent: true },
      );
      toastSuccess(message);
      void navigate('/login');
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <AuthCard title="New Password">
      <Formik initialValues={initialValues} validationSchema={newPasswordSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <TextField name="otp" label="OTP" inputMode="numeric" autoComplete="one-time-code" />
            <TextField name="password" label="New Password" type="password" autoComplete="new-password" />
            <SubmitButton submitting={isSubmitting} loaderLabel="Saving">
              Submit
            </SubmitButton>
            <BackToLogin />
          </Form>
        )}
      </Formik>
    </AuthCard>
  );
}
