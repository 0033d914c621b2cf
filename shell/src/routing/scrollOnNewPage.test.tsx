import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { useScrollToTopOnNewPage } from './scrollOnNewPage';

const router: { navigate?: NavigateFunction } = {};

function Page() {
  useScrollToTopOnNewPage();
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}

describe('a new page starts at its top', () => {
  let scrollTo: jest.SpyInstance;
  const go = (...args: [string, { replace?: boolean; state?: unknown }?] | [number]) =>
    act(() => void (router.navigate as (...a: unknown[]) => unknown)(...args));

  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/editprofile']}>
        <Page />
      </MemoryRouter>,
    );
  });
  afterEach(() => scrollTo.mockRestore());

  it('opened by a link or a redirect: scrolled to the top', () => {
    expect(scrollTo).not.toHaveBeenCalled();
    go('/profile');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    go('/', { replace: true });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('Back and Forward, and a move within the page, keep the place', () => {
    go('/profile');
    scrollTo.mockClear();
    go(-1);
    go('/editprofile?tab=2');
    go('/editprofile?tab=2', { state: { draft: 1 } });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
