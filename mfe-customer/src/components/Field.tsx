import { useId, type InputHTMLAttributes, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import '../styles/customer.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** An input with a visible label bound to it. */
export function Field({ label, ref, ...input }: InputProps & { label: string; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="cust-field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} className="cust-input" {...input} />
    </div>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

/** A textarea with a visible label bound to it. */
export function TextAreaField({ label, ref, ...textarea }: TextAreaProps & { label: string; ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <div className="cust-field">
      <label htmlFor={id}>{label}</label>
      <textarea ref={ref} id={id} className="cust-input cust-textarea" {...textarea} />
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>;

/** A select with a visible label bound to it. */
export function SelectField({ label, children, ...select }: SelectProps & { label: string }) {
  const id = useId();
  return (
    <div className="cust-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="cust-input" {...select}>
        {children}
      </select>
    </div>
  );
}
