import { forgotPasswordSchema } from './forgotPassword';
import { errorsOf } from './testUtil';

describe('forgot password schema', () => {
  it('requires a valid email', async () => {
    expect(await errorsOf(forgotPasswordSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(await errorsOf(forgotPasswordSchema, { email: 'nope' })).toEqual({ email: 'Email is invalid' });
    expect(await errorsOf(forgotPasswordSchema, { email: 'a@example.com' })).toEqual({});
  });
});
