import { Form, Formik } from 'formik';
import { Link, useNavigate } from 'react-router-dom';
import { register, type Role } from 'shared';
import { AuthCard } from '../components/AuthCard';
import { RoleChoice } from '../components/RoleChoice';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { signupSchema } from '../validation/signup';
import { toastFailure, toastSuccess } from '../toasts';

interface Values {
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** Spec section 4: Provider is the default role on sign-up. */
const initialValues: Values = {
  role: 'Provider',
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  password_confirmation: '',
};

export default function SignupPage() {
  const navigate = useNavigate();

  const submit = async (values: Values) => {
    try {
      const { message } = await register(
        {
          role: values.role,
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          email: values.email.trim(),
          password: values.password,
          password_confirmation: values.password_confirmation,
        },
        { silent: true },
      );
      toastSuccess(message);
      // The login form comes filled with the new account's email and role (the spec's Customer default is for a fresh visit).
      void navigate('/login', { state: { email: values.email.trim(), role: values.role } });
    } catch (error) {
      // Spec section 8: a sign-up failure toasts the server's message.
      toastFailure(error);
    }
  };

  return (
    <AuthCard title="Sign Up">
      <Formik initialValues={initialValues} validationSchema={signupSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <RoleChoice legend="Sign up as" />
            <TextField name="first_name" label="First Name" autoComplete="given-name" />
            <TextField name="last_name" label="Last Name" autoComplete="family-name" />
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <TextField name="password" label="Password" type="password" autoComplete="new-password" />
            <TextField name="password_confirmation" label="Confirm Password" type="password" autoComplete="new-password" />
            <SubmitButton submitting={isSubmitting} loaderLabel="Signing up">
              Sign Up
            </SubmitButton>
            <p className="auth-aside">
              Already have an account? <Link to="/login">Login</Link>
            </p>
          </Form>
        )}
      </Formik>
    </AuthCard>
  );
}
