import { render, screen, within } from '@testing-library/react';
import type { Job } from '../contracts';
import { JobSummary, PickAndDrop } from './JobSections';

const job = (over: Partial<Job> = {}): Job =>
  ({
    id: 4,
    price: 12.5,
    duration: '40 min',
    day: '2026-11',
    date: '2026-11-30',
    time: '09:30',
    custom_time: '',
    address: '12 Harbour Road',
    destination_address: '9 Station Square',
    ...over,
  }) as unknown as Job;

describe('JobSummary', () => {
  it('shows the date it is given, the duration, the price and the requested time under a Summary heading', () => {
    render(<JobSummary job={job()} date="November 30th 2026, 9:30 am" requested="November 30th 2026, 9:30 am" headingId="s-4" />);
    const card = screen.getByRole('region', { name: 'Summary' });
    const value = (term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(value('Date')).toBe('November 30th 2026, 9:30 am');
    expect(value('Duration')).toBe('40 min');
    expect(value('Price')).toBe('$12.50');
    expect(value('Requested for')).toBe('November 30th 2026, 9:30 am');
  });

  it('says the duration is not set yet, and leaves out the requested time when none was given', () => {
    render(<JobSummary job={job({ duration: '  ' })} date="" requested={null} headingId="s-4" />);
    const card = screen.getByRole('region', { name: 'Summary' });
    expect(within(card).getByText('Duration').nextElementSibling).toHaveTextContent('Not set yet');
    expect(within(card).queryByText('Requested for')).not.toBeInTheDocument();
  });
});

describe('PickAndDrop', () => {
  it('lists the pick address first and the drop address second', () => {
    render(<PickAndDrop job={job()} headingId="r-4" />);
    const items = within(screen.getByRole('region', { name: 'Pick and Drop' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Pick Address12 Harbour Road', 'Drop Address9 Station Square']);
  });
});
