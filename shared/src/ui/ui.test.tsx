import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '../config';
import { Avatar, EmailAddress, ErrorBoundary, ErrorState, Loader, PlaceholderPage } from './index';

describe('UI primitives', () => {
  it('Avatar shows the picture from the API host, or a generated initial avatar', () => {
    setRuntimeConfig({ apiUrl: 'http://api.test:4000' });
    const { rerender } = render(<Avatar src="/uploads/a.png" name="Carmen" />);
    expect(screen.getByRole('img', { name: 'Carmen' })).toHaveAttribute('src', 'http://api.test:4000/uploads/a.png');
    rerender(<Avatar src={null} name="carmen" />);
    expect(screen.getByRole('img', { name: 'carmen' })).toHaveTextContent('C');
  });

  it('an initial avatar shows the first character whole: an emoji, a flag, a letter with a combining accent', () => {
    render(
      <>
        <Avatar name="😀Zoë" />
        <Avatar name="🇮🇳 Ravi" />
        <Avatar name={'e\u0301lodie'} />
      </>,
    );
    expect(screen.getByRole('img', { name: '😀Zoë' }).textContent).toBe('😀');
    expect(screen.getByRole('img', { name: '🇮🇳 Ravi' }).textContent).toBe('🇮🇳');
    expect(screen.getByRole('img', { name: 'e\u0301lodie' }).textContent).toBe('E\u0301');
  });

  it('gives a person the same initial avatar colour by first name (sidebar) and by full name (profile)', () => {
    render(
      <>
        <Avatar name="Asha" />
        <Avatar name="Asha Verma" />
      </>,
    );
    const sidebar = screen.getByRole('img', { name: 'Asha' });
    const profile = screen.getByRole('img', { name: 'Asha Verma' });
    expect(sidebar.style.background).not.toBe('');
    expect(sidebar.style.background).toBe(profile.style.background);
  });

  it('Loader is announced as a status', () => {
    render(<Loader />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('ErrorState is an alert with its message and detail (read out though it appears with its text), Retry beside it', () => {
    render(<ErrorState message="The booking could not be loaded." detail="Network Error" onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The booking could not be loaded.Network Error');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('PlaceholderPage shows the spec title, never a blank page', () => {
    render(<PlaceholderPage title="Previous Bookings" />);
    expect(screen.getByRole('heading', { name: 'Previous Bookings', level: 1 })).toBeInTheDocument();
  });

  it('ErrorBoundary shows the fallback for a failing child and Retry renders the child again', async () => {
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('boom');
      return <p>fine now</p>;
    }
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary fallback={(error, reset) => <ErrorState message="Failed" detail={error.message} onRetry={reset} />}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('fine now')).toBeInTheDocument();
  });

  it('an e-mail address reads whole, with its one wrap opportunity right after the @', () => {
    const { container } = render(
      <p>
        <EmailAddress email="qa.customer8099541@example.com" />
      </p>,
    );
    expect(screen.getByText('qa.customer8099541@example.com')).toBeInTheDocument();
    expect(container.querySelector('p')?.innerHTML).toBe('qa.customer8099541@<wbr>example.com');
  });
});
