import { Form, Formik } from 'formik';
import { Link, useNavigate } from 'react-router-dom';
import { bus, Loader, requestPasswordReset } from 'shared';
import { AuthCard } from '../components/AuthCard';
import { TextField } from '../components/TextField';
import { forgotPasswordSchema } from '../validation/forgotPassword';
import { messageOf } from '../apiMessage';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();

  const submit = async ({ email }: { email: string }) => {
    try {
      await requestPasswordReset(email.trim(), { silent: true });
      bus.emit({ type: 'toast/show', kind: 'success', message: 'Email has been sent to your email address' });
      navigate('/newpassword', { state: { email: email.trim() } });
    } catch (error) {
      console.error(error);
      bus.emit({ type: 'toast/show', kind: 'error', message: messageOf(error) });
    }
  };

  return (
    <AuthCard title="Forgot Password">
      <p>Enter your email and we will send you an OTP to reset your password.</p>
      <Formik initialValues={{ email: '' }} validationSchema={forgotPasswordSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <button type="submit" className="auth-primary" disabled={isSubmitting}>
              Submit
            </button>
            {isSubmitting ? <Loader label="Sending" /> : null}
            <p className="auth-aside">
              <Link to="/login">Back to Login</Link>
            </p>
          </Form>
        )}
      </Formik>
    </AuthCard>
  );
}
