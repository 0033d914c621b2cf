import { storedRandomId } from './storedRandomId';

describe('a random id kept by the browser', () => {
  beforeEach(() => localStorage.clear());

  it('is made once, kept under its key, and the same on every later call', () => {
    const id = storedRandomId('some-id');
    expect(id).toMatch(/\S{8,}/);
    expect(localStorage.getItem('some-id')).toBe(id);
    expect(storedRandomId('some-id')).toBe(id);
  });

  it('differs between keys and between browsers (fresh storage)', () => {
    const first = storedRandomId('some-id');
    expect(storedRandomId('other-id')).not.toBe(first);
    localStorage.clear();
    expect(storedRandomId('some-id')).not.toBe(first);
  });

  it('where storage is refused, the page keeps one id of its own', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    const id = storedRandomId('refused-id', refusing);
    expect(id).toMatch(/\S{8,}/);
    expect(storedRandomId('refused-id', refusing)).toBe(id);
    expect(storedRandomId('refused-id', null)).toBe(id);
  });

  it('where storage silently keeps nothing, the page keeps one id of its own', () => {
    const forgetful = { getItem: () => null, setItem: () => undefined } as unknown as Storage;
    const id = storedRandomId('forgotten-id', forgetful);
    expect(storedRandomId('forgotten-id', forgetful)).toBe(id);
  });
});
