import { deviceId, isNewerClaim, storeClaim, storedClaim } from './claim';

describe('the sharing claim of a device', () => {
  beforeEach(() => localStorage.clear());

  it('a browser is one device: the same id in every tab and after a reload', () => {
    const id = deviceId();
    expect(id).toMatch(/\S{8,}/);
    expect(deviceId()).toBe(id);
    expect(localStorage.getItem('marketplace-location-device')).toBe(id);
  });

  it('the later claim is the newer; at the same moment both devices agree on one', () => {
    expect(isNewerClaim({ device: 'a', since: 2 }, { device: 'b', since: 1 })).toBe(true);
    expect(isNewerClaim({ device: 'b', since: 1 }, { device: 'a', since: 2 })).toBe(false);
    expect(isNewerClaim({ device: 'b', since: 1 }, { device: 'a', since: 1 })).toBe(true);
    expect(isNewerClaim({ device: 'a', since: 1 }, { device: 'b', since: 1 })).toBe(false);
  });

  it("a stored claim is the same user's only", () => {
    storeClaim(20, { device: 'phone', since: 5 });
    expect(storedClaim(20)).toEqual({ device: 'phone', since: 5 });
    expect(storedClaim(21)).toBeNull();
    localStorage.setItem('marketplace-location-claim', '{not json');
    expect(storedClaim(20)).toBeNull();
  });
});
