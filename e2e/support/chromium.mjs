import { existsSync } from 'node:fs';

export const CHROMIUM_INSTALL_HINT = 'apt-get update && apt-get install -y chromium';

/** System Chromium (Debian's package); playwright-core never downloads a browser here. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
