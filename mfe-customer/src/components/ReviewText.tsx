import { useId, useState } from 'react';

/** Beyond this many characters (or lines) a review shows its first lines, with Read more. */
const LONG_REVIEW_CHARACTERS = 280;
const LONG_REVIEW_LINES = 4;

export const isLongReview = (text: string) => text.length > LONG_REVIEW_CHARACTERS || text.split('\n').length > LONG_REVIEW_LINES;

/**
 * A review's text. A long one (a review may hold 2 000 characters) shows its first four lines and a Read
 * more button, so that one review does not fill every customer's Home and the provider's profile.
 */
export function ReviewText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!isLongReview(text)) return <p className="cust-review__text">{text}</p>;
  return (
    <>
      <p id={id} className={`cust-review__text${expanded ? '' : ' cust-review__text--clamped'}`}>
        {text}
      </p>
      <button
        type="button"
        className="cust-review__more"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((open) => !open)}
      >
        {expanded ? 'Show less' : 'Read more'}
      </button>
    </>
  );
}
