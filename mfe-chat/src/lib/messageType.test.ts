import { isPng, messageTypeFor } from './messageType';

const file = (name: string, type: string) => ({ name, type });

describe('messageTypeFor (spec section 4)', () => {
  it('is text when no file is attached', () => {
    expect(messageTypeFor(null)).toBe('text');
    expect(messageTypeFor(undefined)).toBe('text');
  });

  it('is photo for a PNG', () => {
    expect(messageTypeFor(file('dent.png', 'image/png'))).toBe('photo');
    expect(messageTypeFor(file('DENT.PNG', ''))).toBe('photo');
  });

  it('is attachment for any other file, images included', () => {
    expect(messageTypeFor(file('invoice.pdf', 'application/pdf'))).toBe('attachment');
    expect(messageTypeFor(file('photo.jpg', 'image/jpeg'))).toBe('attachment');
    expect(messageTypeFor(file('notes.txt', 'text/plain'))).toBe('attachment');
    expect(messageTypeFor(file('no-extension', ''))).toBe('attachment');
  });

  it('trusts the browser type over the name', () => {
    expect(isPng(file('looks.png', 'image/jpeg'))).toBe(false);
    expect(isPng(file('looks.jpg', 'image/png'))).toBe(true);
  });
});
