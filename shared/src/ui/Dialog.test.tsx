import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { closeNewestOverlay, Dialog } from './Dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog title="Booking Details" onClose={() => setOpen(false)}>
          <label htmlFor="f">Pick Address</label>
          <input id="f" />
          <button type="button">Submit & Pay</button>
        </Dialog>
      ) : null}
    </main>
  );
}

describe('Dialog', () => {
  it('moves focus in, makes the page behind inert, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Booking Details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Pick Address')).toHaveFocus();
    expect(container.inert).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(container.inert).toBe(false);
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives focus to the page content when the control that opened it is gone (replaced by a live update)', async () => {
    const user = userEvent.setup();
    function Replaced({ opener }: { opener: boolean }) {
      const [open, setOpen] = useState(false);
      return (
        <main id="main-content" tabIndex={-1}>
          {opener ? (
            <button type="button" onClick={() => setOpen(true)}>
              Cancel Booking
            </button>
          ) : (
            <p>Accepted</p>
          )}
          {open ? (
            <Dialog title="Cancel this booking?" onClose={() => setOpen(false)}>
              <button type="button">Keep booking</button>
            </Dialog>
          ) : null}
        </main>
      );
    }
    const { rerender } = render(<Replaced opener />);
    await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    rerender(<Replaced opener={false} />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('opened with nothing focused (brought back with the page), it gives focus to the page content on close', async () => {
    const user = userEvent.setup();
    function OpenAtOnce() {
      const [open, setOpen] = useState(true);
      return (
        <main id="main-content" tabIndex={-1}>
          {open ? (
            <Dialog title="Booking Details" onClose={() => setOpen(false)}>
              <button type="button">Submit & Pay</button>
            </Dialog>
          ) : null}
        </main>
      );
    }
    expect(document.activeElement).toBe(document.body);
    render(<OpenAtOnce />);
    expect(screen.getByRole('button', { name: 'Submit & Pay' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('a dialog asked over another (Discard?) closing with it leaves the focus on what opened the first', async () => {
    const user = userEvent.setup();
    function WithDiscard() {
      const [open, setOpen] = useState(false);
      const [asking, setAsking] = useState(false);
      return (
        <main id="main-content" tabIndex={-1}>
          <button type="button" onClick={() => setOpen(true)}>
            Assign Job
          </button>
          {open ? (
            <>
              <Dialog title="Booking Details" onClose={() => setAsking(true)}>
                <label htmlFor="pick">Pick Address</label>
                <input id="pick" />
              </Dialog>
              {asking ? (
                <Dialog title="Discard this booking?" onClose={() => setAsking(false)}>
                  <button
                    type="button"
                    onClick={() => {
                      setAsking(false);
                      setOpen(false);
                    }}
                  >
                    Discard
                  </button>
                </Dialog>
              ) : null}
            </>
          ) : null}
        </main>
      );
    }
    render(<WithDiscard />);
    await user.click(screen.getByRole('button', { name: 'Assign Job' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign Job' })).toHaveFocus();
  });

  it('leaves a live region of the page (data-live-region) out of the inert page, so what it says is still heard', async () => {
    const user = userEvent.setup();
    const region = document.createElement('div');
    region.setAttribute('role', 'status');
    region.setAttribute('data-live-region', '');
    document.body.append(region);
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(container.inert).toBe(true);
    expect(region.inert).not.toBe(true);
    region.remove();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside: from the last control to the first, and Shift+Tab from the first to the last', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit & Pay' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Submit & Pay' })).toHaveFocus();
  });
  it("closeNewestOverlay (the browser's Back) asks the newest open dialog to close, and says whether one was open", async () => {
    const closed: string[] = [];
    const { rerender } = render(
      <>
        <Dialog title="Booking Details" onClose={() => closed.push('booking')}>
          <p>form</p>
        </Dialog>
        <Dialog title="Discard this booking?" onClose={() => closed.push('discard')}>
          <p>ask</p>
        </Dialog>
      </>,
    );
    expect(closeNewestOverlay()).toBe(true);
    expect(closed).toEqual(['discard']);
    rerender(
      <Dialog title="Booking Details" onClose={() => closed.push('booking')}>
        <p>form</p>
      </Dialog>,
    );
    expect(closeNewestOverlay()).toBe(true);
    expect(closed).toEqual(['discard', 'booking']);
    rerender(<p>no dialog</p>);
    expect(closeNewestOverlay()).toBe(false);
    expect(closed).toEqual(['discard', 'booking']);
  });
});
