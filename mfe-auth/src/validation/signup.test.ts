import { signupSchema } from './signup';
import { errorsOf } from './testUtil';

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  password_confirmation: 'secret1',
};

describe('signup schema (spec section 5)', () => {
  it('accepts a complete form', async () => {
    expect(await errorsOf(signupSchema, valid)).toEqual({});
  });

  it('requires every field', async () => {
    expect(
      await errorsOf(signupSchema, { first_name: '', last_name: '', email: '', password: '', password_confirmation: '' }),
    ).toEqual({
      first_name: 'Required',
      last_name: 'Required',
      email: 'Email is required',
      password: 'Password is required',
      password_confirmation: 'Confirm password is required',
    });
  });

  it('limits names to 15 characters', async () => {
    expect(await errorsOf(signupSchema, { ...valid, first_name: 'A'.repeat(16), last_name: 'B'.repeat(15) })).toEqual({
      first_name: 'Must be 15 characters or less',
    });
    expect(await errorsOf(signupSchema, { ...valid, last_name: 'B'.repeat(16) })).toEqual({
      last_name: 'Must be 15 characters or less',
    });
  });

  it('counts characters as the API does: an emoji is one character, not two', async () => {
    expect(await errorsOf(signupSchema, { ...valid, first_name: '😀'.repeat(15), last_name: 'Zoë😀' })).toEqual({});
    expect(await errorsOf(signupSchema, { ...valid, first_name: '😀'.repeat(16) })).toEqual({
      first_name: 'Must be 15 characters or less',
    });
  });

  it('refuses before sending the addresses and names the API would refuse', async () => {
    // No dot in the domain, two dots running, a space: the API's schema says 'Email is invalid' to each.
    for (const email of ['a@b', 'ada..l@example.com', 'ada l@example.com', 'ada@-example.com']) {
      expect(await errorsOf(signupSchema, { ...valid, email })).toEqual({ email: 'Email is invalid' });
    }
    expect(await errorsOf(signupSchema, { ...valid, email: "O'Brien+x@mail.example.co.uk" })).toEqual({});
    const long = 'p'.repeat(201);
    expect(await errorsOf(signupSchema, { ...valid, password: long, password_confirmation: long })).toEqual({
      password: 'The password may not be greater than 200 characters.',
    });
    const longest = '😀'.repeat(200);
    expect(await errorsOf(signupSchema, { ...valid, password: longest, password_confirmation: longest })).toEqual({});
    // A name of zero-width spaces shows nothing; a direction override turns the text after it around.
    expect(await errorsOf(signupSchema, { ...valid, first_name: '\u200B\u200B', last_name: 'Ada\u202Eexe' })).toEqual({
      first_name: 'Required',
      last_name: 'Must not contain line breaks or control characters',
    });
  });

  it('checks email and password as login does, and that the passwords match', async () => {
    expect(await errorsOf(signupSchema, { ...valid, email: 'x', password: '123', password_confirmation: '1234' })).toEqual({
      email: 'Email is invalid',
      password: 'Password must be at least 6 charaters',
      password_confirmation: 'Password must match',
    });
  });
});
