import { newPasswordSchema } from './newPassword';
import { errorsOf } from './testUtil';

describe('new password schema', () => {
  it('requires email, OTP and password', async () => {
    expect(await errorsOf(newPasswordSchema, { email: '', otp: '', password: '' })).toEqual({
      email: 'Email is required',
      otp: 'OTP is required',
      password: 'Password is required',
    });
  });

  it('needs a valid email and a new password of at least 6 characters', async () => {
    expect(await errorsOf(newPasswordSchema, { email: 'bad', otp: '123456', password: '12345' })).toEqual({
      email: 'Email is invalid',
      password: 'Password must be at least 6 charaters',
    });
    expect(await errorsOf(newPasswordSchema, { email: 'a@example.com', otp: '123456', password: '123456' })).toEqual({});
  });
});
