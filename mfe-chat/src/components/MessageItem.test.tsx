import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOWNLOAD_FAILED, MessageItem, type MessageView } from './MessageItem';

const file: MessageView = {
  key: 'm1',
  mine: false,
  message: '',
  message_type: 'attachment',
  fileUrl: 'http://api.test/uploads/a1b2.pdf',
  fileName: 'receipt.pdf',
  fileSize: 2662,
  createdAt: '2025-06-15T12:00:00.000Z',
  status: 'sent',
};

describe("a file's link in a message", () => {
  const answers: Array<{ resolve: (r: Response) => void; reject: (e: Error) => void }> = [];
  let saved: string[];
  beforeEach(() => {
    answers.length = 0;
    saved = [];
    global.fetch = jest.fn(() => new Promise<Response>((resolve, reject) => answers.push({ resolve, reject })));
    URL.createObjectURL = jest.fn(() => 'blob:local');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('says Downloading… while the file comes, fetches it once however often it is chosen, and saves it under its name', async () => {
    const user = userEvent.setup();
    render(<MessageItem view={file} otherName="Pete Provider" />);
    const link = screen.getByRole('link', { name: /receipt\.pdf/ });
    await user.click(link);
    expect(screen.getByRole('status')).toHaveTextContent('Downloading…');
    expect(link).toHaveAttribute('aria-busy', 'true');
    await user.click(link);
    expect(global.fetch).toHaveBeenCalledTimes(1);
    answers[0].resolve({ ok: true, status: 200, blob: async () => new Blob(['%PDF']) } as Response);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(saved).toEqual(['receipt.pdf']);
    expect(link).not.toHaveAttribute('aria-busy');
  });

  it('says why a download failed under the link, and choosing it again tries again', async () => {
    const user = userEvent.setup();
    render(<MessageItem view={file} otherName="Pete Provider" />);
    const link = screen.getByRole('link', { name: /receipt\.pdf/ });
    await user.click(link);
    answers[0].reject(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOWNLOAD_FAILED('no connection'));
    expect(link).toHaveAccessibleDescription(DOWNLOAD_FAILED('no connection'));
    await user.click(link);
    answers[1].resolve({ ok: false, status: 404, blob: async () => new Blob() } as Response);
    expect(await screen.findByRole('alert')).toHaveTextContent(DOWNLOAD_FAILED('it is no longer there'));
    await user.click(link);
    answers[2].resolve({ ok: true, status: 200, blob: async () => new Blob(['%PDF']) } as Response);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(saved).toEqual(['receipt.pdf']);
  });
});
