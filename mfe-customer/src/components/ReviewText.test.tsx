import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReviewText } from './ReviewText';

describe('a review text', () => {
  it('a short one is shown whole, with no button', () => {
    render(<ReviewText text="Smooth ride, on time." />);
    expect(screen.getByText('Smooth ride, on time.')).not.toHaveClass('cust-review__text--clamped');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a long one shows its first lines with Read more, which opens it whole and closes it again', async () => {
    const long = 'Great driver. '.repeat(40).trim();
    render(<ReviewText text={long} />);
    const text = screen.getByText(long);
    expect(text).toHaveClass('cust-review__text--clamped');
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('aria-controls', text.id);
    await userEvent.click(more);
    expect(text).not.toHaveClass('cust-review__text--clamped');
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(text).toHaveClass('cust-review__text--clamped');
  });

  it('many short lines count as long too', () => {
    render(<ReviewText text={'Good\nfast\nkind\nclean\nsafe'} />);
    expect(screen.getByRole('button', { name: 'Read more' })).toBeInTheDocument();
  });
});
