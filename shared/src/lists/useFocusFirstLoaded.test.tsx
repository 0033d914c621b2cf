/// <reference types="@testing-library/jest-dom" />
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useFocusFirstLoaded } from './useFocusFirstLoaded';

/** Two items, and two more with Load more once Answer is pressed; `withLinks` gives each item a link. */
function List({ withLinks }: { withLinks: boolean }) {
  const [shown, setShown] = useState(2);
  const [loadingMore, setLoadingMore] = useState(false);
  const { listRef, showMore } = useFocusFirstLoaded<HTMLUListElement>(loadingMore, () => setLoadingMore(true));
  const answer = () => {
    setShown((n) => n + 2);
    setLoadingMore(false);
  };
  return (
    <>
      <ul ref={listRef}>
        {Array.from({ length: shown }, (_, i) => (
          <li key={i}>{withLinks ? <a href={`#${i + 1}`}>Item {i + 1}</a> : `Item ${i + 1}`}</li>
        ))}
      </ul>
      <button type="button" onClick={loadingMore ? undefined : showMore} aria-disabled={loadingMore || undefined}>
        Load more
      </button>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={answer}>
        Answer
      </button>
    </>
  );
}

const renderList = (withLinks: boolean) => render(<List withLinks={withLinks} />);
/** The page arrives (a click event only: the focus stays where it is). */
const answer = () => fireEvent.click(screen.getByRole('button', { name: 'Answer' }));

describe('useFocusFirstLoaded', () => {
  it('puts the focus on the first control of the first item loaded', async () => {
    renderList(true);
    const user = userEvent.setup();
    act(() => screen.getByRole('button', { name: 'Load more' }).focus());
    await user.keyboard('{Enter}');
    // While the page comes the focus stays on Load more.
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveFocus();
    answer();
    expect(screen.getByRole('link', { name: 'Item 3' })).toHaveFocus();
  });

  it('focuses an item without a control itself, made focusable but not a Tab stop', async () => {
    renderList(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    answer();
    const third = screen.getByText('Item 3');
    expect(third).toHaveFocus();
    expect(third).toHaveAttribute('tabindex', '-1');
  });

  it('leaves a focus the user moved elsewhere while the page came', async () => {
    renderList(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    answer();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
