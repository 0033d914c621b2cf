import { useId } from 'react';
import { useField } from 'formik';
import '../auth.css';
import '../account.css';

/** A Formik-bound checkbox with its visible label beside it and, when given, a hint below (its accessible description). */
export function CheckboxField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const [field] = useField({ name, type: 'checkbox' });
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="auth-field auth-check">
      <div className="auth-check-row">
        <input id={id} type="checkbox" {...field} aria-describedby={hint ? hintId : undefined} />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint ? (
        <p id={hintId} className="auth-field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
