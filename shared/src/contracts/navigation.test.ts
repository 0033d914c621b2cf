import { jobIdFrom } from './navigation';

describe('jobIdFrom', () => {
  it('takes the job from navigation state first, else from ?job= (links from e-mails)', () => {
    expect(jobIdFrom({ state: { jobId: 4 }, search: '?job=9' })).toBe(4);
    expect(jobIdFrom({ state: null, search: '?job=9' })).toBe(9);
    expect(jobIdFrom({ state: undefined, search: '' })).toBeNull();
    expect(jobIdFrom({ state: null, search: '?job=abc' })).toBeNull();
    expect(jobIdFrom({ state: null, search: '?job=-2' })).toBeNull();
  });
});
