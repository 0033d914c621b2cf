import { useId, useState, type ChangeEvent } from 'react';
import { Form, Formik } from 'formik';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Avatar,
  bus,
  ErrorState,
  LeaveGuard,
  PageTitle,
  sessionActions,
  updateProfile,
  useAppDispatch,
  type User,
  useSessionUser,
} from 'shared';
import { CheckboxField } from '../components/CheckboxField';
import { SubmitButton } from '../components/SubmitButton';
import { TextAreaField, TextField } from '../components/TextField';
import { ADDRESS_MAX_LENGTH, editProfileSchema, PHONE_MAX_LENGTH } from '../validation/editProfile';
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

/** Edit Profile (spec section 2); providers also edit bio, years of experience and price. */
export default function EditProfilePage() {
  const user = useSessionUser();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const emailId = useId();
  const avatarId = useId();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  if (!user) return <ErrorState message="You are not signed in." />;
  const isProvider = user.role === 'Provider';

  const goBack = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/profile');
  };

  const chooseAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setAvatar(file);
    setPreview(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
  };

  const submit = async (values: Values) => {
    const form = new FormData();
    form.append('first_name', values.first_name.trim());
    form.append('last_name', values.last_name.trim());
    form.append('phone', values.phone.trim());
    form.append('address', values.address.trim());
    if (isProvider) {
      form.append('bio', values.bio.trim());
      form.append('year_of_exp', values.year_of_exp.trim());
      form.append('basic_price', values.basic_price.trim());
    }
    form.append('email_notifications', values.email_notifications ? 'true' : 'false');
    if (avatar) form.append('avatar', avatar);
    try {
      // The API client shows the server's success or failure message (spec section 8).
      const { data } = await updateProfile(form);
      dispatch(sessionActions.userUpdated(data));
      bus.emit({ type: 'auth/userUpdated', user: data });
      void navigate('/profile');
    } catch (error) {
      console.error(error);
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
        <Formik initialValues={initialValuesOf(user)} validationSchema={editProfileSchema(isProvider)} onSubmit={submit}>
          {({ dirty, isSubmitting }) => (
            <Form noValidate>
              {/* Leaving asks first while there are changes, but not once they are on their way to be saved. */}
              <LeaveGuard when={(dirty || avatar !== null) && !isSubmitting} />
              <div className="auth-field">
                {preview ? (
                  <img className="auth-preview" src={preview} alt="New avatar preview" />
                ) : (
                  <Avatar src={user.avatar} name={user.full_name} size={96} />
                )}
                <label htmlFor={avatarId}>Avatar</label>
                <input id={avatarId} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={chooseAvatar} />
              </div>
              <TextField name="first_name" label="First Name" autoComplete="given-name" />
              <TextField name="last_name" label="Last Name" autoComplete="family-name" />
              <TextField
                name="phone"
                label="Phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                maxLength={PHONE_MAX_LENGTH}
              />
              <TextField name="address" label="Address" autoComplete="street-address" maxLength={ADDRESS_MAX_LENGTH} />
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
