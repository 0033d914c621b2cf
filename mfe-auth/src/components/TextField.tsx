import '../auth.css';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useField } from 'formik';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & { name: string; label: string };

/** Binds a Formik field to a fresh control id; `error` is the validation message once the field is touched. */
function useLabelledField(name: string) {
  const [field, meta] = useField<string | number | null | undefined>(name);
  const id = useId();
  const error = meta.touched && meta.error ? meta.error : null;
  return { field, id, errorId: `${id}-error`, error };
}

/** The label, the control and, when there is one, its validation message. */
function FieldFrame({
  id,
  label,
  errorId,
  error,
  children,
}: {
  id: string;
  label: string;
  errorId: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p id={errorId} className="auth-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A Formik-bound input with a visible label and its validation message once the field is touched. */
export function TextField({ name, label, type = 'text', ...rest }: Props) {
  const { field, id, errorId, error } = useLabelledField(name);
  return (
    <FieldFrame id={id} label={label} errorId={errorId} error={error}>
      <input
        id={id}
        type={type}
        {...field}
        value={field.value ?? ''}
        {...rest}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
    </FieldFrame>
  );
}

/** Same as TextField, as a textarea. */
export function TextAreaField({ name, label, rows = 3 }: { name: string; label: string; rows?: number }) {
  const { field, id, errorId, error } = useLabelledField(name);
  return (
    <FieldFrame id={id} label={label} errorId={errorId} error={error}>
      <textarea
        id={id}
        rows={rows}
        {...field}
        value={field.value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
    </FieldFrame>
  );
}
