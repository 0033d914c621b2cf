import '../auth.css';
import { useId, type InputHTMLAttributes } from 'react';
import { useField } from 'formik';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & { name: string; label: string };

/** A Formik-bound input with a visible label and its validation message once the field is touched. */
export function TextField({ name, label, type = 'text', ...rest }: Props) {
  const [field, meta] = useField(name);
  const id = useId();
  const errorId = `${id}-error`;
  const error = meta.touched && meta.error ? meta.error : null;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        {...field}
        value={field.value ?? ''}
        {...rest}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="auth-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Same as TextField, as a textarea. */
export function TextAreaField({ name, label, rows = 3 }: { name: string; label: string; rows?: number }) {
  const [field, meta] = useField(name);
  const id = useId();
  const errorId = `${id}-error`;
  const error = meta.touched && meta.error ? meta.error : null;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={rows} {...field} value={field.value ?? ''} aria-describedby={error ? errorId : undefined} />
      {error ? (
        <p id={errorId} className="auth-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
