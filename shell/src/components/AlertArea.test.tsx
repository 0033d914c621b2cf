import { act, screen, waitFor } from '@testing-library/react';
import { bus } from 'shared';
import { fakeApi, renderShell } from '../testing/renderShell';

const box = (left: number, top: number, width: number, height: number) =>
  ({ left, top, right: left + width, bottom: top + height, width, height, x: left, y: top }) as DOMRect;

beforeEach(() => {
  localStorage.clear();
  fakeApi();
});

describe('the alert kept 50 s over the top right of the page', () => {
  it('moves to the bottom when the keyboard focuses a control under it, and back when focus lands under it there', async () => {
    const { container } = renderShell({ role: 'Customer' });
    await screen.findByRole('heading', { name: 'Customer home blocks' });
    act(() => bus.emit({ type: 'alert/show', alert: { type: 'success', message: 'Login successful' } }));
    const alert = await screen.findByRole('alert');
    // Said once: the alert is a live region, inside none other.
    expect(alert.parentElement?.closest('[aria-live], [role="status"], [role="alert"], [role="log"]')).toBeNull();
    const area = container.ownerDocument.querySelector<HTMLElement>('.alert-area')!;
    // Laid out as on a 1280 px window: the alert at the top right, where My Profile has Edit Profile.
    let alertAt = box(844, 76, 420, 48);
    jest.spyOn(alert, 'getBoundingClientRect').mockImplementation(() => alertAt);
    const under = document.createElement('button');
    under.textContent = 'Edit Profile';
    jest.spyOn(under, 'getBoundingClientRect').mockReturnValue(box(1134, 92, 114, 40));
    const elsewhere = document.createElement('button');
    elsewhere.textContent = 'Add New';
    jest.spyOn(elsewhere, 'getBoundingClientRect').mockReturnValue(box(1126, 170, 100, 40));
    document.body.append(under, elsewhere);

    act(() => elsewhere.focus());
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(area).not.toHaveClass('alert-area--low');

    act(() => under.focus());
    await waitFor(() => expect(area).toHaveClass('alert-area--low'));

    // At the bottom now; a control focused under it there sends it back to the top.
    alertAt = box(844, 836, 420, 48);
    jest.spyOn(elsewhere, 'getBoundingClientRect').mockReturnValue(box(1126, 840, 100, 40));
    act(() => elsewhere.focus());
    await waitFor(() => expect(area).not.toHaveClass('alert-area--low'));
    under.remove();
    elsewhere.remove();
  });
});
