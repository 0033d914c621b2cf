import type { ReactNode } from 'react';
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
