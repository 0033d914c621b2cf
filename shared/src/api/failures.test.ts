import { ApiError } from './client';
import { isRetryableFailure } from './failures';

describe('isRetryableFailure', () => {
  it('no answer, a busy server and a server fault may have gone through or may go through when sent again', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) {
      expect(isRetryableFailure(new ApiError('failed', status))).toBe(true);
    }
    expect(isRetryableFailure(new Error('Network Error'))).toBe(true);
  });

  it('a refusal of the request itself needs a change first', () => {
    for (const status of [400, 401, 402, 403, 404, 409, 413, 422]) {
      expect(isRetryableFailure(new ApiError('refused', status))).toBe(false);
    }
  });
});
