import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cardBrand, luhnValid } from '../src/domain/luhn.js';
import { checkCard, isExpired } from '../src/domain/card.js';
import { checkOtp, generateOtp, hashOtp, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '../src/domain/otp.js';
import { detectFileType } from '../src/domain/fileType.js';
import { hashPassword, verifyPassword } from '../src/domain/password.js';
import { hashToken, newBearerToken } from '../src/domain/tokens.js';
import { dayAndTimeIn, formatterFor, isTimeZone, readableTime } from '../src/domain/timeZone.js';
import { FILES } from './helpers.js';

describe('luhn and card checks', () => {
  test('luhn accepts test cards and rejects a changed digit', () => {
    assert.equal(luhnValid('4242424242424242'), true);
    assert.equal(luhnValid('4000000000000002'), true);
    assert.equal(luhnValid('5555555555554444'), true);
    assert.equal(luhnValid('4242424242424241'), false);
    assert.equal(luhnValid('42424242'), false);
    assert.equal(luhnValid('4242a24242424242'), false);
  });
  test('brand by prefix', () => {
    assert.equal(cardBrand('4242424242424242'), 'Visa');
    assert.equal(cardBrand('5555555555554444'), 'MasterCard');
    assert.equal(cardBrand('378282246310005'), 'American Express');
    assert.equal(cardBrand('6011111111111117'), 'Discover');
  });
  const now = new Date(Date.UTC(2025, 5, 15));
  test('expiry is the end of the month', () => {
    assert.equal(isExpired(6, 2025, now), false);
    assert.equal(isExpired(5, 2025, now), true);
    assert.equal(isExpired(1, 2024, now), true);
  });
  test('a card is valid until its month has ended everywhere, not only in UTC', () => {
    // 1 July 03:00 UTC is still the evening of 30 June in Los Angeles (and until 12:00 UTC in UTC-12).
    assert.equal(isExpired(6, 2025, new Date(Date.UTC(2025, 6, 1, 3))), false);
    assert.equal(isExpired(6, 2025, new Date(Date.UTC(2025, 6, 1, 11, 59))), false);
    assert.equal(isExpired(6, 2025, new Date(Date.UTC(2025, 6, 1, 12))), true);
    // The same at the turn of the year.
    assert.equal(isExpired(12, 2025, new Date(Date.UTC(2026, 0, 1, 6))), false);
    assert.equal(isExpired(12, 2025, new Date(Date.UTC(2026, 0, 1, 12))), true);
  });
  test('checkCard keeps only brand, last four, expiry and behaviour', () => {
    const ok = checkCard({ card_name: 'A', card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 30, cvc: '123' }, now);
    assert.deepEqual(ok, { card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030, behavior: 'ok' } });
    const declined = checkCard(
      { card_name: 'A', card_number: '4000000000000002', exp_month: 12, exp_year: 2030, cvc: '123' },
      now,
    );
    assert.ok('card' in declined && declined.card.behavior === 'card_declined');
  });
  test('checkCard refuses bad number, past expiry and wrong CVC length', () => {
    const bad = checkCard({ card_name: 'A', card_number: '4242424242424241', exp_month: 1, exp_year: 2020, cvc: '12' }, now);
    assert.ok('errors' in bad);
    assert.deepEqual(Object.keys(bad.errors).sort(), ['card_number', 'cvc', 'exp_year']);
    const amex = checkCard({ card_name: 'A', card_number: '378282246310005', exp_month: 1, exp_year: 2030, cvc: '123' }, now);
    assert.ok('errors' in amex && amex.errors.cvc);
    const month = checkCard({ card_name: 'A', card_number: '4242424242424242', exp_month: 13, exp_year: 2030, cvc: '123' }, now);
    assert.ok('errors' in month && month.errors.exp_month);
  });
});

describe('otp', () => {
  test('codes are 6 digits', () => {
    for (let i = 0; i < 200; i += 1) assert.match(generateOtp(), /^\d{6}$/);
  });
  const now = new Date(Date.UTC(2025, 0, 1));
  const record = (over: Partial<{ attempts: number; expires_at: string; used_at: string | null }> = {}) => ({
    code_hash: hashOtp('123456', 7, 'k'),
    attempts: 0,
    expires_at: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
    used_at: null,
    ...over,
  });
  test('right code, wrong code, expired, used, locked', () => {
    assert.equal(checkOtp(record(), hashOtp('123456', 7, 'k'), now), 'ok');
    assert.equal(checkOtp(record(), hashOtp('123457', 7, 'k'), now), 'mismatch');
    assert.equal(checkOtp(record(), hashOtp('123456', 8, 'k'), now), 'mismatch');
    assert.equal(checkOtp(record(), hashOtp('123456', 7, 'k'), new Date(now.getTime() + OTP_TTL_MS)), 'expired');
    assert.equal(checkOtp(record({ used_at: now.toISOString() }), hashOtp('123456', 7, 'k'), now), 'used');
    assert.equal(checkOtp(record({ attempts: OTP_MAX_ATTEMPTS }), hashOtp('123456', 7, 'k'), now), 'locked');
  });
});

describe('fileType', () => {
  test('detects by magic bytes, not by name', () => {
    assert.equal(detectFileType(FILES.png)?.mime, 'image/png');
    assert.equal(detectFileType(FILES.pdf)?.mime, 'application/pdf');
    assert.equal(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.mime, 'image/jpeg');
    assert.equal(detectFileType(Buffer.from('GIF89a....'))?.mime, 'image/gif');
    assert.equal(
      detectFileType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))?.mime,
      'image/webp',
    );
    assert.equal(detectFileType(FILES.html), null);
    assert.equal(detectFileType(Buffer.alloc(0)), null);
  });
});

describe('password and tokens', () => {
  test('scrypt hash verifies only the right password', async () => {
    const hash = await hashPassword('secret123');
    assert.match(hash, /^scrypt\$16384\$8\$1\$/);
    assert.equal(await verifyPassword('secret123', hash), true);
    assert.equal(await verifyPassword('secret124', hash), false);
    assert.equal(await verifyPassword('secret123', 'garbage'), false);
    assert.notEqual(await hashPassword('secret123'), hash);
  });
  test('tokens carry 256 random bits and are stored as SHA-256', () => {
    const a = newBearerToken();
    assert.equal(Buffer.from(a, 'base64url').length, 32);
    assert.notEqual(a, newBearerToken());
    assert.match(hashToken(a), /^[0-9a-f]{64}$/);
  });
});

describe('time zones', () => {
  test('a zone in any case is known, and the day and time and the readable time are in it', () => {
    assert.equal(isTimeZone('Asia/Kolkata'), true);
    assert.equal(isTimeZone('asia/KOLKATA'), true);
    assert.equal(isTimeZone('Mars/Olympus_Mons'), false);
    const moment = new Date('2025-06-15T12:00:00Z');
    assert.deepEqual(dayAndTimeIn('ASIA/kolkata', moment), { day: '2025-06-15', time: '17:30' });
    assert.deepEqual(dayAndTimeIn('America/Los_Angeles', moment), { day: '2025-06-15', time: '05:00' });
    assert.equal(readableTime(moment.toISOString(), 'Asia/Kolkata'), 'June 15, 2025 at 5:30 PM India Standard Time');
    assert.equal(readableTime(moment.toISOString(), 'Mars/Olympus_Mons'), 'June 15, 2025 at 12:00 PM UTC');
    assert.equal(readableTime(moment.toISOString()), 'June 15, 2025 at 12:00 PM UTC');
  });

  test('one zone spelled in other cases is one formatter: a client cannot grow the cache with spellings', () => {
    const first = formatterFor('Europe/Berlin', 'dayAndTime');
    assert.ok(first);
    assert.equal(formatterFor('europe/berlin', 'dayAndTime'), first);
    assert.equal(formatterFor('EUROPE/BERLIN', 'dayAndTime'), first);
    assert.notEqual(formatterFor('Europe/Berlin', 'readable'), first);
    assert.equal(formatterFor('Nowhere/Town', 'dayAndTime'), null);
  });
});
