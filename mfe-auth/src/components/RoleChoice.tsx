import '../auth.css';
import { useField } from 'formik';
import type { Role } from 'shared';

const ROLES: Role[] = ['Customer', 'Provider'];

/** Customer / Provider choice bound to the Formik field `role`. */
export function RoleChoice({ legend }: { legend: string }) {
  const [field, , helpers] = useField<Role>('role');
  return (
    <fieldset className="auth-roles">
      <legend>{legend}</legend>
      {ROLES.map((role) => (
        <label key={role} className={field.value === role ? 'auth-role is-active' : 'auth-role'}>
          <input type="radio" name="role" value={role} checked={field.value === role} onChange={() => helpers.setValue(role)} />
          {role}
        </label>
      ))}
    </fieldset>
  );
}
