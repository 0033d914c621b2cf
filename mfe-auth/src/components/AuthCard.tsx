import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import '../auth.css';

/** The centred card of the public screens (login, sign-up, password reset). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1>{title}</h1>
        {children}
      </section>
    </main>
  );
}

/** The aside under the password-reset forms that leads back to the login screen. */
export function BackToLogin() {
  return (
    <p className="auth-aside">
      <Link to="/login">Back to Login</Link>
    </p>
  );
}

/** The e-mail one public screen hands to the next in the route's state ('' when none): password reset, and sign-up or a new password to login. */
export function handedEmailOf(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}
