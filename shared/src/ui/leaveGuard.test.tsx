import { render } from '@testing-library/react';
import { hasUnsavedChanges, LeaveGuard, releaseLeaveGuards, useLeaveGuard } from './leaveGuard';

/** Dispatches beforeunload as a reload or a closing tab does: answers whether the browser would ask. */
function browserWouldAsk(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function Form({ dirty }: { dirty: boolean }) {
  useLeaveGuard(dirty);
  return null;
}

describe('useLeaveGuard', () => {
  it('holds the page while its form has changes, and no longer once they are gone or the form is', () => {
    const { rerender, unmount } = render(<Form dirty={false} />);
    expect(hasUnsavedChanges()).toBe(false);
    expect(browserWouldAsk()).toBe(false);

    rerender(<Form dirty />);
    expect(hasUnsavedChanges()).toBe(true);
    expect(browserWouldAsk()).toBe(true);

    rerender(<Form dirty={false} />);
    expect(hasUnsavedChanges()).toBe(false);
    expect(browserWouldAsk()).toBe(false);

    rerender(<Form dirty />);
    unmount();
    expect(hasUnsavedChanges()).toBe(false);
    expect(browserWouldAsk()).toBe(false);
  });

  it('releaseLeaveGuards lets every form on screen be left (the session is ending)', () => {
    const { unmount } = render(
      <>
        <Form dirty />
        <LeaveGuard when />
      </>,
    );
    expect(hasUnsavedChanges()).toBe(true);
    releaseLeaveGuards();
    expect(hasUnsavedChanges()).toBe(false);
    expect(browserWouldAsk()).toBe(false);
    unmount();
  });

  it('guards a released form again once it has new changes', () => {
    const { rerender, unmount } = render(<Form dirty />);
    releaseLeaveGuards();
    expect(hasUnsavedChanges()).toBe(false);
    rerender(<Form dirty={false} />);
    rerender(<Form dirty />);
    expect(hasUnsavedChanges()).toBe(true);
    unmount();
  });

  it('LeaveGuard guards like the hook, for forms whose state lives in a render prop', () => {
    const { rerender, unmount } = render(<LeaveGuard when={false} />);
    expect(hasUnsavedChanges()).toBe(false);
    rerender(<LeaveGuard when />);
    expect(hasUnsavedChanges()).toBe(true);
    unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });
});
