import { loginSchema } from './login';
import { errorsOf } from './testUtil';

describe('login schema (spec section 5)', () => {
  it('requires email and password', async () => {
    expect(await errorsOf(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('rejects an invalid email and a short password with the spec spelling', async () => {
    expect(await errorsOf(loginSchema, { email: 'not-an-email', password: '12345' })).toEqual({
      email: 'Email is invalid',
      password: 'Password must be at least 6 charaters',
    });
  });

  it('accepts a valid email and a 6-character password', async () => {
    expect(await errorsOf(loginSchema, { email: 'a@example.com', password: '123456' })).toEqual({});
  });
});
