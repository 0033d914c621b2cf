import { chatTargetOf } from './chatTarget';

describe('chatTargetOf', () => {
  it('reads a user id from /chatview/:username', () => {
    expect(chatTargetOf('42', null)).toEqual({ kind: 'user', id: 42 });
  });
  it('reads a chat id from ?chat=', () => {
    expect(chatTargetOf(undefined, '7')).toEqual({ kind: 'chat', id: 7 });
  });
  it('prefers the user id when both are given', () => {
    expect(chatTargetOf('42', '7')).toEqual({ kind: 'user', id: 42 });
  });
  it('is none for /chatview', () => {
    expect(chatTargetOf(undefined, null)).toEqual({ kind: 'none' });
    expect(chatTargetOf('', '')).toEqual({ kind: 'none' });
  });
  it('is invalid for anything but a positive whole number', () => {
    for (const raw of ['abc', '0', '-1', '1.5', '1e3', '99999999999999'])
      expect(chatTargetOf(raw, null)).toEqual({ kind: 'invalid', raw, of: 'user' });
    expect(chatTargetOf(undefined, 'x')).toEqual({ kind: 'invalid', raw: 'x', of: 'chat' });
  });
});
