import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { RedirectUnlessMoved } from './AppRoutes';

function Where() {
  const { pathname, state } = useLocation() as { pathname: string; state: unknown };
  return <p data-testid="where">{`${pathname} ${JSON.stringify(state ?? null)}`}</p>;
}

/** Moves, in its own effect, before the redirect's effect runs: as Login's navigate after signing in does. */
function MovesFirst({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true, state: { from: 'login' } });
  }, [navigate, to]);
  return null;
}

function renderAt(path: string, routes: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={routes} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

it('redirects, replacing the entry, with its state', () => {
  renderAt('/login', <RedirectUnlessMoved to="/" state={{ reason: 'signed in' }} />);
  expect(screen.getByTestId('where')).toHaveTextContent('/ {"reason":"signed in"}');
});

it('gives way to a move made after its render: the newer move stands', () => {
  renderAt(
    '/login',
    <>
      <MovesFirst to="/providerprofile" />
      <RedirectUnlessMoved to="/" />
    </>,
  );
  expect(screen.getByTestId('where')).toHaveTextContent('/providerprofile {"from":"login"}');
});
