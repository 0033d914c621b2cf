import { Form, Formik } from 'formik';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { resetPassword } from 'shared';
import { AuthCard, BackToLogin, handedEmailOf } from '../components/AuthCard';
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
  const initialValues: Values = { email: handedEmailOf(useLocation().state), otp: '', password: '' };

  const submit = async (values: Values) => {
    try {
      const { data, message } = await resetPassword(
        { email: values.email.trim(), otp: values.otp.trim(), password: values.password },
        { silent: true },
      );
      toastSuccess(message);
      // The login form is the account's: its email, and its role (a provider's is not set to Customer).
      void navigate('/login', { state: { email: values.email.trim(), role: data?.role } });
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <AuthCard title="New Password">
      <Formik initialValues={initialValues} validationSchema={newPasswordSchema} onSubmit={submit}>
        {({ isSubmitting, values }) => (
          <Form noValidate>
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <TextField name="otp" label="OTP" inputMode="numeric" autoComplete="one-time-code" />
            <TextField name="password" label="New Password" type="password" autoComplete="new-password" />
            <SubmitButton submitting={isSubmitting} loaderLabel="Saving">
              Submit
            </SubmitButton>
            {/* A code that expired, or was locked by wrong tries, needs a new one: the e-mail goes along. */}
            <p className="auth-aside">
              <Link to="/forgotpassword" state={{ email: values.email.trim() }}>
                Request a new OTP
              </Link>
            </p>
            <BackToLogin />
          </Form>
        )}
      </Formik>
    </AuthCard>
  );
}
