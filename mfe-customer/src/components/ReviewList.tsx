import { Avatar, type Review } from 'shared';
import { formatDateShort } from 'shared/src/format';
import { SAMPLE_REVIEWS } from '../lib/samples';
import { Stars } from './Rating';
import { ReviewText } from './ReviewText';
import '../styles/customer.css';

/** Real reviews from the API, or the spec's static samples when there are none (fidelity policy). */
export function ReviewList({ reviews, label = 'Recent Reviews' }: { reviews: readonly Review[]; label?: string }) {
  const items =
    reviews.length > 0
      ? reviews.map((r) => ({
          key: `r${r.id}`,
          name: r.customer.full_name,
          avatar: r.customer.avatar,
          rating: r.rating,
          feedback: r.feedback,
          when: formatDateShort(r.created_at),
        }))
      : SAMPLE_REVIEWS.map((s) => ({ key: s.id, name: s.name, avatar: null, rating: s.rating, feedback: s.feedback, when: '' }));
  return (
    <ul className="ui-list" aria-label={label} style={{ gap: 0 }}>
      {items.map((item) => (
        <li key={item.key} className="cust-review">
          <span aria-hidden="true">
            <Avatar src={item.avatar} name={item.name} size={36} />
          </span>
          <div className="cust-review__body">
            <div className="cust-review__head">
              <strong>{item.name}</strong>
              <Stars value={item.rating} />
              {item.when ? <span className="ui-muted ui-small">{item.when}</span> : null}
            </div>
            {item.feedback ? <ReviewText text={item.feedback} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
