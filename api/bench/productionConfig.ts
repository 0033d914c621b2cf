import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../src/config.js';

/** The API's production configuration, as the benches measure it, with secrets of this run only. */
export function productionConfig(): Config {
  return loadConfig({
    NODE_ENV: 'production',
    APP_KEY: randomBytes(32).toString('hex'),
    PUSHER_SECRET: randomBytes(32).toString('hex'),
  });
}
