import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { firstScreenShown } from '../session/firstScreenShown';
import { RemoteMount } from './RemoteMount';

jest.mock('../session/firstScreenShown', () => ({ firstScreenShown: jest.fn() }));
const shown = jest.mocked(firstScreenShown);

function deferred() {
  let resolve!: (value: { default: ComponentType }) => void;
  const promise = new Promise<{ default: ComponentType }>((r) => {
    resolve = r;
  });
  return { load: () => promise, resolve };
}

beforeEach(() => shown.mockClear());

describe('RemoteMount tells when the first screen is on screen (the realtime connection waits for it)', () => {
  it('once the screen is mounted, not while its loader shows', async () => {
    const screenModule = deferred();
    render(<RemoteMount load={screenModule.load} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(shown).not.toHaveBeenCalled();
    screenModule.resolve({ default: () => <h1>Active Bookings</h1> });
    expect(await screen.findByRole('heading', { name: 'Active Bookings' })).toBeInTheDocument();
    expect(shown).toHaveBeenCalled();
  });

  it('a background widget (a dialog host) does not count as the screen', async () => {
    const host = deferred();
    render(<RemoteMount load={host.load} background />);
    host.resolve({ default: () => <p>host</p> });
    expect(await screen.findByText('host')).toBeInTheDocument();
    expect(shown).not.toHaveBeenCalled();
  });
});
