import { useState, type FormEvent } from 'react';
import { login, logout } from '../api';
import { bus } from '../bus';
import type { Role, User } from '../contracts';
import { storedRandomId } from '../storedRandomId';

/** The demo accounts `npm start` seeds (README), said beside the form. */
export const HARNESS_DEMO_HINT = 'Demo: customer@example.com or provider@example.com, password123';

/**
 * Signs in to the API the harness talks to, as the shell's login does, so a remote run alone shows its
 * signed-in screens with real data. Signed in (`user`: null while the harness has no session), it names
 * the user and signs out.
 */
export function HarnessSignIn({ user, defaultRole }: { user: User | null; defaultRole: Role }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>(defaultRole);
  const [busy, setBusy] = useState(false);

  if (user) {
    const signOut = async () => {
      setBusy(true);
      try {
        // Sent with the session's token, so it is revoked; the session ends here whatever the API answers.
        await logout();
      } catch (reason) {
        console.warn('harness: logout not answered', reason);
      } finally {
        setBusy(false);
        bus.emit({ type: 'auth/loggedOut' });
      }
    };
    return (
      <div className="harness__signin">
        <span>
          {user.full_name} · {user.role}
        </span>
        <button type="button" disabled={busy} aria-busy={busy} onClick={() => void signOut()}>
          {busy ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { data } = await login({ email: email.trim(), password, role, device_id: storedRandomId('deviceId') });
      bus.emit({ type: 'auth/loggedIn', user: data.user, token: data.token });
    } catch (reason) {
      // The API client has said why (alert/show, shown in the harness's alert bar).
      console.warn('harness: sign-in refused', reason);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="harness__signin" aria-label="Sign in to the API" onSubmit={(event) => void submit(event)}>
      <label>
        Email <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Password{' '}
        <input
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <label>
        Role{' '}
        <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
          <option>Customer</option>
          <option>Provider</option>
        </select>
      </label>
      <button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <span className="harness__hint">{HARNESS_DEMO_HINT}</span>
    </form>
  );
}
