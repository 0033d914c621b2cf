/**
 * An e-mail address that a line too narrow for it wraps after its '@' ('someone@' / 'example.com'), not
 * mid-word ('someone@example.c' / 'om') nor cut off: its container wraps anywhere only where it must.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
