import { useId, useState, type FormEvent } from 'react';
import { bus, Loader, PageTitle, storeContactUs, useLeaveGuard } from 'shared';

const field = { display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 14 } as const;
const input = { padding: '10px 12px', border: '1px solid #c8d1e0', borderRadius: 8, font: 'inherit' } as const;

/** Contact Us: a query title box and a message box with Submit (no validation, spec section 5). */
export default function ContactUsPage() {
  const titleId = useId();
  const messageId = useId();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  useLeaveGuard((title !== '' || message !== '') && !sending);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await storeContactUs({ title, message }, { silent: true });
      bus.emit({ type: 'toast/show', kind: 'success', message: 'Successfully send' });
    } catch (error) {
      // Spec section 8: a contact failure is only logged, and the fields are cleared.
      console.error(error);
    } finally {
      setTitle('');
      setMessage('');
      setSending(false);
    }
  };

  return (
    <div className="ui-page">
      <PageTitle>Contact Us</PageTitle>
      <form className="ui-card" noValidate onSubmit={submit} style={{ maxWidth: 640 }}>
        <div style={field}>
          <label htmlFor={titleId}>Query Title</label>
          <input id={titleId} style={input} value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div style={field}>
          <label htmlFor={messageId}>Message</label>
          <textarea id={messageId} style={input} rows={6} value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <button type="submit" className="ui-button ui-button--primary" disabled={sending}>
          Submit
        </button>
        {sending ? <Loader label="Sending" /> : null}
      </form>
    </div>
  );
}
