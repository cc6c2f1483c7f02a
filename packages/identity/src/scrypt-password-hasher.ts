import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from './ports.js';

// The spec's parameters, and better-auth's storage format (`<salt hex>:<key hex>`, where the
// salt's hex string itself is the scrypt salt), so hashes made by better-auth verify unchanged.
const PARAMS: ScryptOptions = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  // node:crypto's scrypt runs on libuv's thread pool: the event loop stays free.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** scrypt (N 16384, r 16, p 1, 64-byte key, 16-byte random salt) over the NFKC form. */
export class ScryptPasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    const key = await derive(password, salt);
    return `${salt}:${key.toString('hex')}`;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    const [salt, keyHex] = hash.split(':');
    if (!salt || !keyHex || !/^[0-9a-f]+$/i.test(keyHex)) {
      await derive(password, 'malformed-hash-salt'); // same cost as a real check
      return false;
    }
    const expected = Buffer.from(keyHex, 'hex');
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
