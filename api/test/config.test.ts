/** How loadConfig reads the API's port: PORT, else API_PORT (what `npm start` and the README call it), else 4000. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/config.js';

describe('the API port', () => {
  test('defaults to 4000', () => {
    assert.equal(loadConfig({}).port, 4000);
  });

  test('`npm start -w api` with only API_PORT set listens on it', () => {
    assert.equal(loadConfig({ API_PORT: '4700' }).port, 4700);
    assert.equal(loadConfig({ PORT: '', API_PORT: '4700' }).port, 4700);
  });

  test('PORT wins over API_PORT (npm start sets PORT for the API it starts)', () => {
    assert.equal(loadConfig({ PORT: '4100', API_PORT: '4700' }).port, 4100);
  });

  test('a port that is not a number is refused, naming the variable read', () => {
    assert.throws(() => loadConfig({ API_PORT: 'x' }), /API_PORT must be a non-negative integer/);
    assert.throws(() => loadConfig({ PORT: 'x', API_PORT: '4700' }), /PORT must be a non-negative integer/);
  });
});
