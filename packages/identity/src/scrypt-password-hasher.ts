import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HashingBudget, type HashingBudgetOptions } from './hashing-budget.js';
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

export interface ScryptPasswordHasherOptions extends HashingBudgetOptions {
  /** A budget to share (otherwise one is made from `concurrency` and `queueLimit`). */
  budget?: HashingBudget;
}

/**
 * scrypt (N 16384, r 16, p 1, 64-byte key, 16-byte random salt) over the NFKC form, every hash
 * and check within a HashingBudget: at most `concurrency` at once (default: CPU cores - 1, at
 * least 1), `queueLimit` waiting (default 64), the rest refused with 503.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  readonly budget: HashingBudget;

  constructor(options: ScryptPasswordHasherOptions = {}) {
    this.budget = options.budget ?? new HashingBudget(options);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    const key = await this.derive(password, salt);
    return `${salt}:${key.toString('hex')}`;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    const [salt, keyHex] = hash.split(':');
    if (!salt || !keyHex || !/^[0-9a-f]+$/i.test(keyHex)) {
      await this.derive(password, 'malformed-hash-salt'); // same cost as a real check
      return false;
    }
    const expected = Buffer.from(keyHex, 'hex');
    const actual = await this.derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private derive(password: string, salt: string): Promise<Buffer> {
    return this.budget.run(() => derive(password, salt));
  }
}
