import { ApiError } from './api/client';
import { failureText, messageOfError, NO_CONNECTION_MESSAGE } from './errorText';

describe('messageOfError', () => {
  it("says the server's message when the call carried one", () => {
    expect(messageOfError(new ApiError('This job has already been rated.', 409))).toBe('This job has already been rated.');
  });
  it('else the fallback: that the server cannot be reached, unless the screen names its own', () => {
    expect(messageOfError(new Error(''))).toBe(NO_CONNECTION_MESSAGE);
    expect(messageOfError('offline')).toBe(NO_CONNECTION_MESSAGE);
    expect(messageOfError(undefined, 'something went wrong')).toBe('something went wrong');
  });
});

describe('failureText', () => {
  it("says a failed call's message", () => {
    expect(failureText(new ApiError('This job has already been rated.', 409))).toBe('This job has already been rated.');
  });
  it('never the text of an unexpected exception: that the server cannot be reached', () => {
    expect(failureText(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(NO_CONNECTION_MESSAGE);
    expect(failureText(new ApiError('', 0))).toBe(NO_CONNECTION_MESSAGE);
  });
});
