import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Form, Formik, useFormikContext, type FormikHelpers, type FormikProps } from 'formik';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  hasAppEntryBehind,
  ApiError,
  Avatar,
  bus,
  ErrorState,
  getRuntimeConfig,
  LeaveGuard,
  PageTitle,
  sessionActions,
  updateProfile,
  useAppDispatch,
  type User,
  useHeldForm,
  useHoldThroughSessionEnd,
  useStillShown,
} from 'shared';
import { fileTooLargeMessage, IMAGE_TYPES } from 'shared/src/uploads';
import { CheckboxField } from '../components/CheckboxField';
import { SubmitButton } from '../components/SubmitButton';
import { TextAreaField, TextField } from '../components/TextField';
import { editProfileSchema } from '../validation/editProfile';
import { useFreshUser } from '../useFreshUser';
import '../auth.css';
import '../account.css';

interface Values {
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  bio: string;
  year_of_exp: string;
  basic_price: string;
  email_notifications: boolean;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function initialValuesOf(user: User): Values {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    phone: text(user.phone),
    address: text(user.address),
    bio: text(user.bio),
    year_of_exp: text(user.year_of_exp),
    basic_price: text(user.basic_price),
    // Sessions stored before the preference existed have no value: booking e-mails are on by default.
    email_notifications: user.email_notifications !== false,
  };
}

/** The API's words for a file that is not one of IMAGE_TYPES. */
export const AVATAR_NOT_IMAGE = 'The avatar must be an image (PNG, JPEG, WebP or GIF).';

/** The fields a save sends when they differ from what the form opened with (providers' last three). */
const fieldsOf = (isProvider: boolean): (keyof Values)[] => [
  'first_name',
  'last_name',
  'phone',
  'address',
  'email_notifications',
  ...(isProvider ? (['bio', 'year_of_exp', 'basic_price'] as const) : []),
];
const sentValue = (value: string | boolean) => (typeof value === 'string' ? value.trim() : String(value));

/**
 * Edit Profile (spec section 2); providers also edit bio, years of experience and price. The form opens
 * with the profile as the API has it now, and a save sends only what was changed here, so it never
 * undoes a change made meanwhile on another device.
 */
export default function EditProfilePage() {
  const user = useFreshUser();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  /** A save answered after the user went elsewhere (or signed out) does not take them to the profile. */
  const shown = useStillShown();
  const location = useLocation();
  const emailId = useId();
  const avatarId = useId();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const formik = useRef<FormikProps<Values>>(null);
  const [initialValues, setInitialValues] = useState(() => (user ? initialValuesOf(user) : null));
  // The API's copy arrives after the form opened: show it, unless the user has started editing.
  useEffect(() => {
    if (user && !formik.current?.dirty) setInitialValues(initialValuesOf(user));
  }, [user]);

  if (!user || !initialValues) return <ErrorState message="You are not signed in." />;
  const isProvider = user.role === 'Provider';

  const goBack = () => {
    if (hasAppEntryBehind(location)) void navigate(-1);
    else void navigate('/profile');
  };

  const refuseAvatar = (reason: string = AVATAR_NOT_IMAGE) => {
    setAvatar(null);
    setPreview(null);
    setAvatarError(reason);
  };

  const chooseAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setAvatarError(null);
    setAvatar(file);
    setPreview(null);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      refuseAvatar();
      return;
    }
    const tooLarge = fileTooLargeMessage(file, getRuntimeConfig().maxUploadBytes);
    if (tooLarge) {
      refuseAvatar(tooLarge);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
  };

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    const form = new FormData();
    let changes = 0;
    for (const field of fieldsOf(isProvider)) {
      const value = sentValue(values[field]);
      if (value !== sentValue(initialValues[field])) {
        form.append(field, value);
        changes++;
      }
    }
    if (avatar) {
      form.append('avatar', avatar);
      changes++;
    }
    if (changes === 0) {
      // Nothing to save: a refused avatar stays said under its field; otherwise back to the profile as it is.
      if (!avatarError) void navigate('/profile');
      return;
    }
    try {
      // The API client shows the server's success or failure message (spec section 8).
      const { data } = await updateProfile(form);
      dispatch(sessionActions.userUpdated(data));
      bus.emit({ type: 'auth/userUpdated', user: data });
      if (shown.current) void navigate('/profile');
    } catch (error) {
      console.error(error);
      // The server's reasons per field are said under their fields too (the alert says the first one).
      if (error instanceof ApiError && error.errors) {
        const fields = new Set<string>(fieldsOf(isProvider));
        for (const [field, messages] of Object.entries(error.errors)) {
          if (field === 'avatar' && messages[0]) setAvatarError(messages[0]);
          else if (fields.has(field) && messages[0]) helpers.setFieldError(field, messages[0]);
        }
      }
    }
  };

  return (
    <div className="ui-page">
      <PageTitle
        actions={
          <button type="button" className="ui-button" onClick={goBack}>
            Back
          </button>
        }
      >
        Edit Profile
      </PageTitle>
      <section className="ui-card">
        <Formik
          innerRef={formik}
          initialValues={initialValues}
          enableReinitialize
          validationSchema={editProfileSchema(isProvider)}
          onSubmit={submit}
        >
          {({ dirty, isSubmitting }) => (
            <Form noValidate>
              {/* Leaving asks first while there are changes, but not once they are on their way to be saved. */}
              <LeaveGuard when={(dirty || avatar !== null) && !isSubmitting} />
              <HeldThroughSessionEnd />
              <div className="auth-field">
                {preview ? (
                  // A file named and typed as an image that is not one cannot be shown: refused here, not after Save.
                  <img className="auth-preview" src={preview} alt="New avatar preview" onError={() => refuseAvatar()} />
                ) : (
                  <Avatar src={user.avatar} name={user.full_name} size={96} />
                )}
                <label htmlFor={avatarId}>Avatar</label>
                <input
                  id={avatarId}
                  type="file"
                  accept={IMAGE_TYPES.join(',')}
                  onChange={chooseAvatar}
                  aria-invalid={avatarError ? true : undefined}
                  aria-describedby={avatarError ? `${avatarId}-error` : undefined}
                />
                {avatarError ? (
                  <p id={`${avatarId}-error`} className="auth-field-error" role="alert">
                    {avatarError}
                  </p>
                ) : null}
              </div>
              <TextField name="first_name" label="First Name" autoComplete="given-name" />
              <TextField name="last_name" label="Last Name" autoComplete="family-name" />
              {/* No maxLength on phone and address: a longer paste stays whole and the API's limit is said under the field. */}
              <TextField name="phone" label="Phone" type="tel" inputMode="numeric" autoComplete="tel" />
              <TextField name="address" label="Address" autoComplete="street-address" />
              <div className="auth-field">
                <label htmlFor={emailId}>Email</label>
                <input id={emailId} type="email" value={user.email} disabled readOnly />
              </div>
              <CheckboxField
                name="email_notifications"
                label="E-mail me about my bookings"
                hint="Booking requests, answers, receipts and refunds. Turn off to stop these e-mails."
              />
              {isProvider ? (
                <>
                  <TextAreaField name="bio" label="Bio" />
                  <TextField name="year_of_exp" label="Years of Experience" inputMode="numeric" />
                  <TextField name="basic_price" label="Price" inputMode="decimal" />
                </>
              ) : null}
              <SubmitButton submitting={isSubmitting} loaderLabel="Saving">
                Save Changes
              </SubmitButton>
            </Form>
          )}
        </Formik>
      </section>
    </div>
  );
}

/**
 * The changes typed here are kept should the API end the session under the form (not a chosen avatar:
 * a file cannot be kept), and come back as changes when the same user has signed in again.
 */
function HeldThroughSessionEnd() {
  const { values, dirty, setValues } = useFormikContext<Values>();
  useHoldThroughSessionEnd('editProfile', { ...values }, dirty);
  const held = useHeldForm<Values>('editProfile');
  const restore = useRef(held);
  useEffect(() => {
    if (!restore.current) return;
    void setValues((current) => ({ ...current, ...restore.current }));
    restore.current = null;
  }, [setValues]);
  return null;
}
