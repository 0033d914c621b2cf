import { act, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { carryOver } from './carryOver';

/** The static first frame as the server sends it: the login form's markup, its fields as the visitor left them. */
function staticFrame() {
  const frame = document.createElement('div');
  frame.setAttribute('data-first-frame', '');
  frame.innerHTML = `<form><label><input type="radio" name="role" value="Customer" checked>Customer</label>
    <label><input type="radio" name="role" value="Provider">Provider</label>
    <input type="email" name="email" value=""><input type="password" name="password" value="">
    <input type="file" name="avatar"><button type="submit">Login</button></form>`;
  document.body.append(frame);
  return frame;
}

/** The live form (React-controlled fields): what it would send. */
function LiveForm({ onSubmit }: { onSubmit: (values: Record<string, string>) => void }) {
  const [values, setValues] = useState({ role: 'Customer', email: '', password: '' });
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      {['Customer', 'Provider'].map((role) => (
        <label key={role}>
          <input type="radio" name="role" value={role} checked={values.role === role} onChange={() => set('role', role)} />
          {role}
        </label>
      ))}
      <label>
        Email
        <input type="email" name="email" value={values.email} onChange={(e) => set('email', e.target.value)} />
      </label>
      <label>
        Password
        <input type="password" name="password" value={values.password} onChange={(e) => set('password', e.target.value)} />
      </label>
      <button type="submit">Login</button>
    </form>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});

describe('what a visitor did in the static first frame', () => {
  it('the fields filled in, the choice made and the field they were in go over to the live form', () => {
    const frame = staticFrame();
    frame.querySelector<HTMLInputElement>('input[value="Provider"]')!.checked = true;
    frame.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'asha@example.com';
    frame.querySelector<HTMLInputElement>('input[name="password"]')!.focus();
    const onSubmit = jest.fn();
    const { container } = render(<LiveForm onSubmit={onSubmit} />);
    const giveOver = carryOver(frame, container);
    frame.remove();
    act(giveOver);
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(screen.getByRole('radio', { name: 'Provider' })).toBeChecked();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a press of its submit button is made again on the live form, with what was typed', () => {
    jest.useFakeTimers();
    const frame = staticFrame();
    frame.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'asha@example.com';
    frame.querySelector<HTMLInputElement>('input[name="password"]')!.value = 'password123';
    frame.setAttribute('data-submitted', '');
    const onSubmit = jest.fn();
    const { container } = render(<LiveForm onSubmit={onSubmit} />);
    const giveOver = carryOver(frame, container);
    frame.remove();
    act(giveOver);
    act(() => jest.runAllTimers());
    expect(onSubmit).toHaveBeenCalledWith({ role: 'Customer', email: 'asha@example.com', password: 'password123' });
  });

  it('untouched, the frame changes nothing (a live field already filled in by the browser keeps its value)', () => {
    const frame = staticFrame();
    const { container } = render(<LiveForm onSubmit={jest.fn()} />);
    const giveOver = carryOver(frame, container);
    frame.remove();
    act(giveOver);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Customer' })).toBeChecked();
  });
});
