import { ApiError, NO_CONNECTION_MESSAGE } from 'shared';
import { failureMessageOf, newOutgoing } from './outgoing';

describe('outgoing messages', () => {
  it('start as sending, each with its own local id', () => {
    const a = newOutgoing(1, { message: 'hi', message_type: 'text', file: null }, new Date('2025-06-15T12:00:00Z'));
    const b = newOutgoing(1, { message: 'hi', message_type: 'text', file: null });
    expect(a).toMatchObject({ chatId: 1, status: 'sending', createdAt: '2025-06-15T12:00:00.000Z' });
    expect(a.localId).not.toBe(b.localId);
  });

  it("a failure shows the server's message, or says the server cannot be reached", () => {
    expect(failureMessageOf(new ApiError('The file may not be greater than 5 MB.', 413))).toBe(
      'The file may not be greater than 5 MB.',
    );
    expect(failureMessageOf(new ApiError('The attachment must be an image or a PDF.', 400))).toBe(
      'The attachment must be an image or a PDF.',
    );
    expect(failureMessageOf(new ApiError('Network Error', 0))).toBe(NO_CONNECTION_MESSAGE);
    expect(failureMessageOf('???')).toBe(NO_CONNECTION_MESSAGE);
  });
});
