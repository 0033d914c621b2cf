import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Stars } from './Rating';
import { StarRatingInput } from './StarRatingInput';

// The stars on and off differ by shape (★ ☆), not by colour alone: forced colours (high contrast) paint both
// in one colour, and a reader who cannot tell amber from grey sees the shape.
describe('stars are told apart by their shape', () => {
  it('a rating of 4 shows four filled stars and one outlined, read as 4 out of 5', () => {
    render(<Stars value={4} />);
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toHaveTextContent(/^★★★★☆$/);
  });

  it('choosing 3 of 5 fills three stars and outlines the other two', async () => {
    const user = userEvent.setup();
    function Chooser() {
      const [value, setValue] = useState(0);
      return <StarRatingInput legend="Rating" value={value} onChange={setValue} />;
    }
    render(<Chooser />);
    const group = screen.getByRole('group', { name: 'Rating' });
    expect(group).toHaveTextContent(/^Rating☆1 star☆2 stars☆3 stars☆4 stars☆5 stars$/);
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(group).toHaveTextContent(/^Rating★1 star★2 stars★3 stars☆4 stars☆5 stars$/);
  });
});
