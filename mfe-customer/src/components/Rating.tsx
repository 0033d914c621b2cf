import { ratingText } from '../lib/format';
import '../styles/customer.css';

/** A rating as "★ 4.0": the real average when there is one, else the spec's placeholder 4.0. */
export function RatingValue({ rating }: { rating: number | null | undefined }) {
  const text = ratingText(rating);
  return (
    <span className="cust-rating">
      <span className="cust-rating__star" aria-hidden="true">
        ★
      </span>
      <span className="ui-visually-hidden">Rating </span>
      {text}
    </span>
  );
}

/** A filled star, or an outlined one: told apart by shape, not colour alone (forced colours drop the colour). */
export const starGlyph = (on: boolean) => (on ? '★' : '☆');

/** Five stars, `value` of them filled; read as "4 out of 5 stars". */
export function Stars({ value }: { value: number }) {
  const filled = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span className="cust-stars" role="img" aria-label={`${filled} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= filled ? 'cust-stars__on' : 'cust-stars__off'} aria-hidden="true">
          {starGlyph(n <= filled)}
        </span>
      ))}
    </span>
  );
}
