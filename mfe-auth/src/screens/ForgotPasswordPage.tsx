import { Form, Formik } from 'formik';
import { useLocation, useNavigate } from 'react-router-dom';
import { requestPasswordReset } from 'shared';
import { AuthCard, BackToLogin, handedEmailOf } from '../components/AuthCard';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { forgotPasswordSchema } from '../validation/forgotPassword';
import { toastFailure, toastSuccess } from '../toasts';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const email = handedEmailOf(useLocation().state);

  const submit = async ({ email }: { email: string }) => {
    try {
      await requestPasswordReset(email.trim(), { silent: true });
      toastSuccess('Email has been sent to your email address');
      void navigate('/newpassword', { state: { email: email.trim() } });
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <AuthCard title="Forgot Password">
      <p>Enter your email and we will send you an OTP to reset your password.</p>
      <Formik initialValues={{ email }} validationSchema={forgotPasswordSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <SubmitButton submitting={isSubmitting} loaderLabel="Sending">
              Submit
            </SubmitButton>
            <BackToLogin />
          </Form>
        )}
      </Formik>
    </AuthCard>
  );
}
