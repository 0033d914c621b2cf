import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderShell } from '../testing/renderShell';

// The layout's download fails once (a dropped connection at sign-in), then works.
let layoutDownloads = 0;
jest.mock('./shellPages', () => {
  const actual = jest.requireActual<typeof import('./shellPages')>('./shellPages');
  return {
    ...actual,
    loadLayout: () => {
      layoutDownloads += 1;
      return layoutDownloads === 1
        ? Promise.reject(Object.assign(new Error('Loading chunk layout failed.'), { name: 'ChunkLoadError' }))
        : actual.loadLayout();
    },
  };
});

beforeEach(() => {
  localStorage.clear();
  fakeApi();
});

it('a signed-in layout that failed to download says so with Retry, instead of a blank page, and Retry brings it', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const user = userEvent.setup();
  renderShell({ role: 'Customer' });
  const failure = await screen.findByRole('alert');
  expect(failure).toHaveTextContent('The app failed to load.');
  expect(failure).toHaveTextContent('The app could not be downloaded. Check your connection, then press Retry.');
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Customer home blocks' })).toBeInTheDocument();
  expect(layoutDownloads).toBe(2);
  jest.restoreAllMocks();
});
