import { getDeviceId } from './deviceId';

describe('device id', () => {
  beforeEach(() => localStorage.clear());

  it('is made once and then kept in localStorage', () => {
    const first = getDeviceId();
    expect(first).toMatch(/\S{8,}/);
    expect(localStorage.getItem('deviceId')).toBe(first);
    expect(getDeviceId()).toBe(first);
  });

  it('differs between browsers (fresh storage)', () => {
    const first = getDeviceId();
    localStorage.clear();
    expect(getDeviceId()).not.toBe(first);
  });
});
