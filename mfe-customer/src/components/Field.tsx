import { useId, type InputHTMLAttributes, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import '../styles/customer.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'>;

/**
 * `invalidBy`: the id of the message saying what is wrong with the field. The field is then marked invalid
 * and described by it, so a screen reader landing on the field reads the message too, not only 'invalid'.
 */
export interface InvalidBy {
  invalidBy?: string | null;
}

export const invalidProps = (invalidBy: string | null | undefined) =>
  invalidBy ? { 'aria-invalid': true as const, 'aria-describedby': invalidBy } : {};

/** An input with a visible label bound to it. */
export function Field({
  label,
  ref,
  invalidBy,
  ...input
}: InputProps & InvalidBy & { label: string; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="cust-field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} className="cust-input" {...input} {...invalidProps(invalidBy)} />
    </div>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'>;

/** A textarea with a visible label bound to it. */
export function TextAreaField({
  label,
  ref,
  invalidBy,
  ...textarea
}: TextAreaProps & InvalidBy & { label: string; ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <div className="cust-field">
      <label htmlFor={id}>{label}</label>
      <textarea ref={ref} id={id} className="cust-input cust-textarea" {...textarea} {...invalidProps(invalidBy)} />
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
