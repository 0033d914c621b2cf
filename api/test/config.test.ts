/** How loadConfig reads the environment: the API port, where realtime events go, whom to trust about client addresses, which origins it answers. */
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

describe('where the API publishes realtime events (PUSHER_PORT)', () => {
  test('unset, it is the embedded realtime server, wherever REALTIME_PORT puts it', () => {
    assert.equal(loadConfig({}).pusher.port, 6001);
    assert.equal(loadConfig({ REALTIME_PORT: '3911' }).pusher.port, 3911);
  });

  test('set, it wins (Pusher Channels or another cluster)', () => {
    assert.equal(loadConfig({ REALTIME_PORT: '3911', PUSHER_PORT: '443' }).pusher.port, 443);
  });
});

describe('TRUST_PROXY', () => {
  test('unset or false believes no proxy; true any; a whole number is a count of proxies; else addresses', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
    assert.equal(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy, 2);
    assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy, '10.0.0.0/8, 127.0.0.1');
  });
});

describe('APP_ORIGINS', () => {
  test('each origin is read as the browser sends it: no trailing slash, host in lower case, default port left out', () => {
    assert.deepEqual(
      loadConfig({ APP_ORIGINS: 'http://LOCALHOST:3000/, https://app.example.com:443 ,, http://[::1]:3000' }).appOrigins,
      ['http://localhost:3000', 'https://app.example.com', 'http://[::1]:3000'],
    );
  });

  test('APP_URL defaults to the first origin as read', () => {
    assert.equal(loadConfig({ APP_ORIGINS: 'https://App.Example.com/' }).appUrl, 'https://app.example.com');
  });

  test('something that is not an origin is refused at start, naming the entry', () => {
    for (const entry of ['localhost:3000', 'http://localhost:3000/app', 'ftp://files.example.com', 'not a url']) {
      assert.throws(
        () => loadConfig({ APP_ORIGINS: `http://localhost:3000,${entry}` }),
        (err: Error) => {
          assert.equal(err.message, `APP_ORIGINS must be comma-separated origins such as http://localhost:3000, got "${entry}"`);
          return true;
        },
      );
    }
  });
});
