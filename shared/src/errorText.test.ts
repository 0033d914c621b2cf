import { ApiError } from './api/client';
import { messageOfError } from './errorText';

describe('messageOfError', () => {
  it("says the server's message when the call carried one", () => {
    expect(messageOfError(new ApiError('This job has already been rated.', 409))).toBe('This job has already been rated.');
  });
  it('else the fallback: Network Error unless the screen names its own', () => {
    expect(messageOfError(new Error(''))).toBe('Network Error');
    expect(messageOfError('offline')).toBe('Network Error');
    expect(messageOfError(undefined, 'something went wrong')).toBe('something went wrong');
  });
});
