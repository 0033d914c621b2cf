import { assetUrl, getRuntimeConfig, setRuntimeConfig } from './config';

describe('runtime config', () => {
  it('prefixes relative image paths with the API host and leaves absolute ones alone', () => {
    setRuntimeConfig({ apiUrl: 'http://api.example:4000/' });
    expect(assetUrl('/uploads/a.png')).toBe('http://api.example:4000/uploads/a.png');
    expect(assetUrl('uploads/b.png')).toBe('http://api.example:4000/uploads/b.png');
    expect(assetUrl('https://cdn.example/c.png')).toBe('https://cdn.example/c.png');
    expect(assetUrl(null)).toBeNull();
  });

  it('keeps defaults for realtime settings that a partial config leaves out', () => {
    setRuntimeConfig({ realtime: { key: 'k' } as never });
    expect(getRuntimeConfig().realtime.key).toBe('k');
    expect(getRuntimeConfig().realtime.wsPort).toBe(6001);
  });
});
