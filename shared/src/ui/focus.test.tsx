import { act, render, screen } from '@testing-library/react';
import { useFocusKeptThroughLiveChanges } from './focus';

function LiveList({ items }: { items: string[] }) {
  const area = useFocusKeptThroughLiveChanges<HTMLDivElement>();
  return (
    <div ref={area}>
      <h1>Job Requests</h1>
      {items.length > 0 ? (
        <ul>
          {items.map((name) => (
            <li key={name}>
              {name} <a href={`#${name}`}>View {name}</a> <button type="button">Chat with {name}</button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No requests.</p>
      )}
      <button type="button">Elsewhere</button>
    </div>
  );
}

describe('useFocusKeptThroughLiveChanges', () => {
  it('an item removed under the focus: the same control of the item now in its place has it', async () => {
    const { rerender } = render(<LiveList items={['Asha', 'Ravi', 'Meera']} />);
    act(() => screen.getByRole('button', { name: 'Chat with Ravi' }).focus());
    rerender(<LiveList items={['Asha', 'Meera']} />);
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Chat with Meera' })).toHaveFocus();
  });

  it('the last item removed under the focus: the one before it; the list emptied: the heading', async () => {
    const { rerender } = render(<LiveList items={['Asha', 'Ravi']} />);
    act(() => screen.getByRole('link', { name: 'View Ravi' }).focus());
    rerender(<LiveList items={['Asha']} />);
    await act(async () => {});
    expect(screen.getByRole('link', { name: 'View Asha' })).toHaveFocus();
    rerender(<LiveList items={[]} />);
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Job Requests' })).toHaveFocus();
  });

  it('follows the item as others arrive above it: removed later, the focus goes to the one after it', async () => {
    const { rerender } = render(<LiveList items={['Asha', 'Ravi', 'Meera']} />);
    act(() => screen.getByRole('link', { name: 'View Ravi' }).focus());
    rerender(<LiveList items={['Noor', 'Asha', 'Ravi', 'Meera']} />);
    await act(async () => {});
    rerender(<LiveList items={['Noor', 'Asha', 'Meera']} />);
    await act(async () => {});
    expect(screen.getByRole('link', { name: 'View Meera' })).toHaveFocus();
  });

  it('leaves alone a focus that was elsewhere, or given up before the change', async () => {
    const { rerender } = render(<LiveList items={['Asha', 'Ravi', 'Meera']} />);
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    rerender(<LiveList items={['Asha', 'Meera']} />);
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    act(() => screen.getByRole('link', { name: 'View Meera' }).focus());
    act(() => screen.getByRole('link', { name: 'View Meera' }).blur());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    rerender(<LiveList items={['Asha']} />);
    await act(async () => {});
    expect(document.body).toHaveFocus();
  });
});
