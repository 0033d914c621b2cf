import { act, render, screen } from '@testing-library/react';
import { focusIsLost, keepFocusOnThePage, LOST_FOCUS_GRACE_MS, useFocusKeptThroughLiveChanges } from './focus';

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

describe('keepFocusOnThePage', () => {
  let stop: () => void;
  let main: HTMLElement;
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '<main tabindex="-1"><button>Retry</button><button>Other</button></main>';
    main = document.querySelector('main')!;
    stop = keepFocusOnThePage(() => main);
  });
  afterEach(() => {
    stop();
    jest.useRealTimers();
    document.body.innerHTML = '';
  });
  const flush = async () => {
    await Promise.resolve();
    jest.advanceTimersByTime(LOST_FOCUS_GRACE_MS);
  };

  it('a focused control removed with nothing taking the focus: the page content has it', async () => {
    screen.getByRole('button', { name: 'Retry' }).focus();
    screen.getByRole('button', { name: 'Retry' }).remove();
    await flush();
    expect(main).toHaveFocus();
  });

  it('the page holds the focus only until a screen places it: to the screens it still counts as lost', async () => {
    screen.getByRole('button', { name: 'Retry' }).focus();
    screen.getByRole('button', { name: 'Retry' }).remove();
    await flush();
    expect(main).toHaveFocus();
    expect(focusIsLost()).toBe(true);
    screen.getByRole('button', { name: 'Other' }).focus();
    expect(focusIsLost()).toBe(false);
    main.focus();
    expect(focusIsLost()).toBe(false);
  });

  it("leaves a screen's own move alone, made within the grace time", async () => {
    screen.getByRole('button', { name: 'Retry' }).focus();
    screen.getByRole('button', { name: 'Retry' }).remove();
    await Promise.resolve();
    jest.advanceTimersByTime(LOST_FOCUS_GRACE_MS / 2);
    screen.getByRole('button', { name: 'Other' }).focus();
    jest.advanceTimersByTime(LOST_FOCUS_GRACE_MS);
    expect(screen.getByRole('button', { name: 'Other' })).toHaveFocus();
  });

  it('a control removed from an open modal dialog: the dialog has the focus, not the page behind', async () => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.tabIndex = -1;
    dialog.innerHTML = '<button>Submit &amp; Pay</button>';
    document.body.append(dialog);
    await Promise.resolve();
    screen.getByRole('button', { name: 'Submit & Pay' }).focus();
    screen.getByRole('button', { name: 'Submit & Pay' }).remove();
    await flush();
    expect(dialog).toHaveFocus();
  });

  it('a focus the user gave up (clicked on empty page) stays given up when that control goes later', async () => {
    const retry = screen.getByRole('button', { name: 'Retry' });
    retry.focus();
    retry.blur();
    jest.advanceTimersByTime(1);
    retry.remove();
    await flush();
    expect(document.body).toHaveFocus();
  });
});
