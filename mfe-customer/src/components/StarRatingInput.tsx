import { useId, type Ref } from 'react';
import { invalidProps, type InvalidBy } from './Field';
import { starGlyph } from './Rating';
import '../styles/customer.css';

export const starName = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/**
 * Five star radios in a group named by `legend` ("1 star" … "5 stars"); 0 means none chosen yet
 * (spec section 5: rating defaults to 0). Arrow keys move between stars as in any radio group.
 * `invalidBy` ties the form's message ('Please choose a rating.') to every star; `ref` is the first star.
 */
export function StarRatingInput({
  value,
  onChange,
  legend = 'Rating',
  disabled = false,
  invalidBy,
  ref,
}: InvalidBy & {
  value: number;
  onChange: (value: number) => void;
  legend?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  const name = useId();
  return (
    <fieldset className="cust-fieldset" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="cust-star-input">
        {[1, 2, 3, 4, 5].map((n) => {
          const id = `${name}-${n}`;
          return (
            <span key={n}>
              <input
                ref={n === 1 ? ref : undefined}
                type="radio"
                id={id}
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                {...invalidProps(invalidBy)}
              />
              <label htmlFor={id} className={n <= value ? 'is-on' : undefined} title={starName(n)}>
                <span aria-hidden="true">{starGlyph(n <= value)}</span>
                <span className="ui-visually-hidden">{starName(n)}</span>
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}
