import { useEffect, useRef, type FormEvent } from 'react';
import { Formik, validateYupSchema, yupToFormErrors, type FormikErrors, type FormikHelpers } from 'formik';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  afterLoginPath,
  afterLoginState,
  ApiError,
  bus,
  isRetryableFailure,
  login,
  sessionActions,
  useAppDispatch,
  type Role,
} from 'shared';
import { RoleChoice } from '../components/RoleChoice';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { AuthCard, handedEmailOf } from '../components/AuthCard';
import { getDeviceId } from '../deviceId';
import { LOGIN_DELAY_MS } from '../constants';

interface Values {
  role: Role;
  email: string;
  password: string;
}

/** Spec section 4: Customer on login; an account just signed up (or given a new password) comes with its email and role. */
/** The account exists with the password given, for the other role (the API's 403). */
const isOtherRole = (error: unknown) => error instanceof ApiError && error.status === 403;

function initialValuesFrom(state: unknown): Values {
  const role = (state as { role?: unknown } | null)?.role;
  return { role: role === 'Provider' ? role : 'Customer', email: handedEmailOf(state), password: '' };
}

/**
 * The login schema (yup), loaded with the first validation instead of with the screen: the first load of
 * /login carries no validation library (issue 12). Formik's own validationSchema does the same two steps.
 * If the schema's chunk cannot be loaded (a lost connection, a redeployed remote) the form is sent as it
 * is and the API's own checks answer: a validation that throws would leave Formik submitting for good.
 */
async function validate(values: Values): Promise<FormikErrors<Values>> {
  const loginSchema = await import('../validation/login').then(
    (module) => module.loginSchema,
    (error: unknown) => {
      console.warn('login validation could not be loaded; the API checks the form', error);
      return null;
    },
  );
  if (!loginSchema) return {};
  try {
    await validateYupSchema(values, loginSchema);
    return {};
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name !== 'ValidationError') throw error;
    return yupToFormErrors<Values>(error);
  }
}

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Spec section 9: the login is submitted after a 600 ms delay (never, when the page is left before). */
  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    await new Promise<void>((resolve) => {
      timer.current = setTimeout(resolve, LOGIN_DELAY_MS);
    });
    try {
      const { data } = await login({
        email: values.email.trim(),
        password: values.password,
        role: values.role,
        device_id: getDeviceId(),
      });
      dispatch(sessionActions.loggedIn({ user: data.user, token: data.token }));
      bus.emit({ type: 'auth/loggedIn', user: data.user, token: data.token });
      void navigate(afterLoginPath(location.state, data.user.id), {
        replace: true,
        state: afterLoginState(location.state, data.user.id),
      });
    } catch (error) {
      // The API client has already set the danger alert with the server's message (spec section 8). Only a
      // refusal is about the email or password: not a server that could not be reached, failed or is busy,
      // nor an account of the other role (403: the email and password were right, the alert says which role).
      console.error(error);
      if (!isRetryableFailure(error) && !isOtherRole(error)) {
        bus.emit({ type: 'toast/show', kind: 'error', message: 'Please Enter Correct Email or Password' });
      }
      helpers.setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Login">
      <Formik initialValues={initialValuesFrom(location.state)} validate={validate} onSubmit={submit}>
        {({ values, isSubmitting, handleSubmit }) => {
          const onSubmit = (event: FormEvent<HTMLFormElement>) => {
            if (!values.email && !values.password) {
              bus.emit({ type: 'toast/show', kind: 'error', message: 'please enter correct email and password' });
            }
            handleSubmit(event);
          };
          return (
            <form noValidate onSubmit={onSubmit}>
              <RoleChoice legend="Login as" />
              <TextField name="email" label="Email" type="email" autoComplete="email" />
              <TextField name="password" label="Password" type="password" autoComplete="current-password" />
              <p className="auth-aside">
                <Link to="/forgotpassword">Forgot Password?</Link>
              </p>
              <SubmitButton submitting={isSubmitting} loaderLabel="Signing in">
                Login
              </SubmitButton>
              <p className="auth-aside">
                Don&apos;t have an account? <Link to="/signup">Sign Up</Link>
              </p>
            </form>
          );
        }}
      </Formik>
    </AuthCard>
  );
}
