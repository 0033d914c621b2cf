import { fullFormats } from 'ajv-formats/dist/formats';
import { EMAIL_ADDRESS_PATTERN, isEmailAddress } from './email';
import { charactersIn, hasControlCharacter, hasVisibleCharacter } from './textRules';

describe('the rules on typed text the API and the forms share', () => {
  it("takes e-mail addresses exactly as JSON Schema's email format does (the rule the API had)", () => {
    const format = fullFormats.email as RegExp;
    const samples = ['ada@example.com', 'A.B+c@Mail.Example.CO', 'a@b', 'a..b@example.com', '.a@example.com', 'a b@example.com'];
    samples.push('a@-example.com', 'a@example-.com', 'a@example.c', 'ünï@example.com', 'a@exämple.com', "o'brien@example.ie");
    for (const sample of samples) expect([sample, isEmailAddress(sample)]).toEqual([sample, format.test(sample)]);
    expect(EMAIL_ADDRESS_PATTERN.startsWith('^') && EMAIL_ADDRESS_PATTERN.endsWith('$')).toBe(true);
    expect(isEmailAddress('a@b')).toBe(false);
  });

  it('tells a text that shows something from one of blanks and zero-width characters', () => {
    expect(hasVisibleCharacter('Ada')).toBe(true);
    expect(hasVisibleCharacter(' \u200B\u2060\u3164 ')).toBe(false);
  });

  it('finds line breaks, control characters and direction overrides', () => {
    expect(hasControlCharacter('Ada Lovelace')).toBe(false);
    for (const text of ['Ada\nL', 'Ada\tL', 'Ada\u202Eexe', 'Ada\u2066L']) expect(hasControlCharacter(text)).toBe(true);
  });

  it('counts characters as the API does: an emoji is one', () => {
    expect(charactersIn('😀😀')).toBe(2);
  });
});
