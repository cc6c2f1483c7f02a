import { readdirSync, readFileSync } from 'node:fs';
import { HashingBudget } from './hashing-budget.js';
import { ScryptPasswordHasher } from './scrypt-password-hasher.js';

// Made outside Node by Python's hashlib.scrypt with better-auth's scheme: the salt's hex
// string is the scrypt salt, the password is NFKC-normalised ("ﬁ" becomes "fi").
const BETTER_AUTH_HASH =
  '00112233445566778899aabbccddeeff:bec2cf5b9bfd4ce5d727cc253b6ab647221b26f8d2e9ddc921e6b5c5c252782504e73a3643b0f02ce16d2601d5ed51e8a57b46b7a88a4f80d3be1a2a657ea7bd';

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher();

  it('stores <16-byte salt hex>:<64-byte key hex> and verifies its own hashes', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'correct horse batterY')).toBe(false);
  });

  it('salts every hash anew', async () => {
    expect(await hasher.hash('same password')).not.toBe(await hasher.hash('same password'));
  });

  it('verifies a hash made with better-auth\'s scheme unchanged, over the NFKC form', async () => {
    expect(await hasher.verify(BETTER_AUTH_HASH, 'pässwörd ﬁne')).toBe(true);
    expect(await hasher.verify(BETTER_AUTH_HASH, 'pässwörd fine')).toBe(true);
    expect(await hasher.verify(BETTER_AUTH_HASH, 'passwort fine')).toBe(false);
  });

  it('answers false for a malformed hash instead of throwing', async () => {
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
    expect(await hasher.verify('abc:zz', 'x')).toBe(false);
  });

  it('hashes and checks within its budget: beyond it and a full queue, 503 SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER', async () => {
    const budget = new HashingBudget({ concurrency: 1, queueLimit: 1 });
    const bounded = new ScryptPasswordHasher({ budget });
    const hash = await bounded.hash('correct horse battery');
    const results = await Promise.allSettled([bounded.verify(hash, 'correct horse battery'), bounded.hash('a'), bounded.verify(hash, 'x')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ status: 503, code: 'SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER' });
    expect(budget.active).toBe(0);
  });

  it('makes its own budget from concurrency and queueLimit', () => {
    const own = new ScryptPasswordHasher({ concurrency: 2, queueLimit: 5 });
    expect(own.budget).toMatchObject({ concurrency: 2, queueLimit: 5 });
  });

  describe('on low-priority threads', () => {
    const low = new ScryptPasswordHasher({ threadPriority: 'low', concurrency: 2 });

    it('makes and checks the same hashes as the thread pool does', async () => {
      const hash = await low.hash('correct horse battery');
      expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
      expect(await low.verify(await hasher.hash('x y z'), 'x y z')).toBe(true);
      expect(await low.verify(BETTER_AUTH_HASH, 'pässwörd ﬁne')).toBe(true);
      expect(await low.verify(BETTER_AUTH_HASH, 'passwort fine')).toBe(false);
      expect(await low.verify('not-a-hash', 'x')).toBe(false);
    });

    it('runs several at once within its budget', async () => {
      const hashes = await Promise.all(['a', 'b', 'c', 'd'].map((p) => low.hash(p)));
      expect(await Promise.all(hashes.map((h, i) => low.verify(h, 'abcd'[i]!)))).toEqual([true, true, true, true]);
    });

    (process.platform === 'linux' ? it : it.skip)('runs them on threads at nice 19 (Linux)', async () => {
      await low.hash('p');
      // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value.
      const nices = readdirSync('/proc/self/task').map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
      expect(nices).toContain(19);
      expect(nices).toContain(0);
    });
  });
});
