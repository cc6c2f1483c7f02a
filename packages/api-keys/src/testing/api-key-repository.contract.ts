import { uuid } from '@tend/kernel';
import { newUser, type User } from '@tend/identity';
import type { ApiKey } from '../api-key.js';
import type { ApiKeyRepository } from '../api-key-repository.port.js';
import type { UsageSettings } from '../usage-policy.js';

export interface ApiKeyRepositoryHarness {
  keys: ApiKeyRepository;
  /** Stores a user keys can belong to. */
  seedUser(user: User): Promise<void>;
  /** Deletes a user the way account deletion does (keys go with it). */
  deleteUser(id: string): Promise<void>;
  close(): Promise<void>;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const ON: UsageSettings = { rateLimitEnabled: true };

/** The behaviour every ApiKeyRepository adapter must have; run it once per adapter. */
export function apiKeyRepositoryContract(name: string, open: () => Promise<ApiKeyRepositoryHarness>): void {
  describe(`ApiKeyRepository contract: ${name}`, () => {
    let harness: ApiKeyRepositoryHarness;
    let keys: ApiKeyRepository;
    let user: User;
    // On a minute boundary, so rate-limit windows of a minute start here.
    const t0 = new Date(Date.UTC(2026, 5, 1, 12));
    const at = (ms: number) => new Date(t0.getTime() + ms);

    const apiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
      id: uuid(),
      name: 'ci',
      start: 'tend_a',
      prefix: 'tend_',
      hash: uuid(),
      userId: user.id,
      refillInterval: null,
      refillAmount: null,
      lastRefillAt: null,
      enabled: true,
      rateLimitEnabled: false,
      rateLimitTimeWindow: null,
      rateLimitMax: null,
      requestCount: 0,
      remaining: null,
      lastRequest: null,
      expiresAt: null,
      createdAt: t0,
      updatedAt: t0,
      permissions: null,
      metadata: null,
      ...overrides,
    });
    const stored = async (overrides: Partial<ApiKey> = {}) => keys.create(apiKey(overrides));
    /** Spends `times` uses in sequence at `when`; answers how many succeeded. */
    const spendTimes = async (key: ApiKey, times: number, when: Date, settings = ON) => {
      let spent = 0;
      for (let i = 0; i < times; i += 1) if (await keys.spend(key.hash, when, settings)) spent += 1;
      return spent;
    };

    beforeEach(async () => {
      harness = await open();
      keys = harness.keys;
      user = newUser({ id: uuid(), email: `${uuid()}@example.com`, name: 'Ada' }, t0);
      await harness.seedUser(user);
    });
    afterEach(() => harness.close());

    it('stores a key and finds it by id and by hash, every field intact', async () => {
      const key = apiKey({
        permissions: { files: ['read', 'write'] },
        metadata: { team: 'ops', nested: { n: 1 } },
        expiresAt: at(HOUR),
        remaining: 5,
        refillAmount: 5,
        refillInterval: HOUR,
        rateLimitEnabled: true,
        rateLimitTimeWindow: MINUTE,
        rateLimitMax: 10,
      });
      expect(await keys.create(key)).toEqual(key);
      expect(await keys.findById(key.id)).toEqual(key);
      expect(await keys.findByHash(key.hash)).toEqual(key);
      expect(await keys.findByHash('unknown')).toBeNull();
      expect(await keys.findById(uuid())).toBeNull();
    });

    it('refuses a second key with the same hash, and a key of an unknown user', async () => {
      const key = await stored();
      await expect(keys.create(apiKey({ hash: key.hash }))).rejects.toBeDefined();
      await expect(keys.create(apiKey({ userId: uuid() }))).rejects.toBeDefined();
    });

    it("lists a user's keys oldest first, and no one else's", async () => {
      const other = newUser({ id: uuid(), email: `${uuid()}@example.com`, name: 'Bo' }, t0);
      await harness.seedUser(other);
      const newer = await stored({ createdAt: at(SECOND) });
      const older = await stored({ createdAt: t0 });
      await stored({ userId: other.id });
      expect((await keys.listByUser(user.id)).map((k) => k.id)).toEqual([older.id, newer.id]);
    });

    it('updates the changed fields only, and answers null for a missing key', async () => {
      const key = await stored({ metadata: { a: 1 } });
      const updated = await keys.update(key.id, { name: 'renamed', enabled: false, permissions: { x: ['y'] }, updatedAt: at(SECOND) });
      expect(updated).toEqual({ ...key, name: 'renamed', enabled: false, permissions: { x: ['y'] }, updatedAt: at(SECOND) });
      expect(await keys.update(key.id, { metadata: null, expiresAt: null, updatedAt: at(2 * SECOND) })).toMatchObject({ metadata: null, expiresAt: null, name: 'renamed' });
      expect(await keys.update(uuid(), { name: 'x', updatedAt: at(SECOND) })).toBeNull();
    });

    it('deletes a key once, and every key of a deleted user', async () => {
      const [a, b] = [await stored(), await stored()];
      expect(await keys.delete(a.id)).toBe(true);
      expect(await keys.delete(a.id)).toBe(false);
      await harness.deleteUser(user.id);
      expect(await keys.findById(b.id)).toBeNull();
    });

    it('spends a use: remaining down by one, counted, last request set', async () => {
      const key = await stored({ remaining: 3 });
      const spent = await keys.spend(key.hash, at(SECOND), ON);
      expect(spent).toMatchObject({ id: key.id, remaining: 2, requestCount: 1, lastRequest: at(SECOND), updatedAt: t0 });
      expect(await keys.findById(key.id)).toEqual(spent);
    });

    it('keeps an unlimited key unlimited and counts every use without a window', async () => {
      const key = await stored();
      expect(await spendTimes(key, 3, at(SECOND))).toBe(3);
      expect(await keys.findById(key.id)).toMatchObject({ remaining: null, requestCount: 3 });
    });

    it('spends nothing of an unknown, disabled or expired key (expired at its expiresAt)', async () => {
      const disabled = await stored({ enabled: false });
      const expiring = await stored({ expiresAt: at(MINUTE) });
      expect(await keys.spend('unknown', t0, ON)).toBeNull();
      expect(await keys.spend(disabled.hash, t0, ON)).toBeNull();
      expect(await keys.spend(expiring.hash, at(MINUTE - 1), ON)).not.toBeNull();
      expect(await keys.spend(expiring.hash, at(MINUTE), ON)).toBeNull();
      expect(await keys.findById(disabled.id)).toEqual(disabled);
    });

    it('refuses a key with no uses left and changes nothing', async () => {
      const key = await stored({ remaining: 0 });
      expect(await keys.spend(key.hash, at(SECOND), ON)).toBeNull();
      expect(await keys.findById(key.id)).toEqual(key);
    });

    it('lets exactly 5 of 20 parallel uses through a remaining of 5', async () => {
      const key = await stored({ remaining: 5 });
      const results = await Promise.all(Array.from({ length: 20 }, () => keys.spend(key.hash, at(SECOND), ON)));
      expect(results.filter(Boolean)).toHaveLength(5);
      expect(await keys.findById(key.id)).toMatchObject({ remaining: 0, requestCount: 5 });
    });

    it('lets exactly 5 of 20 parallel uses through a rate limit of 5 per window', async () => {
      const key = await stored({ rateLimitEnabled: true, rateLimitTimeWindow: MINUTE, rateLimitMax: 5 });
      const results = await Promise.all(Array.from({ length: 20 }, () => keys.spend(key.hash, at(SECOND), ON)));
      expect(results.filter(Boolean)).toHaveLength(5);
      expect(await keys.findById(key.id)).toMatchObject({ requestCount: 5 });
    });

    it('rate limits per window: full until the window ends, then counts afresh', async () => {
      const key = await stored({ rateLimitEnabled: true, rateLimitTimeWindow: MINUTE, rateLimitMax: 2 });
      expect(await spendTimes(key, 3, at(10 * SECOND))).toBe(2);
      // A refused use is not a use: last request stays at the last counted one.
      expect(await keys.findById(key.id)).toMatchObject({ requestCount: 2, lastRequest: at(10 * SECOND) });
      expect(await keys.spend(key.hash, at(MINUTE - 1), ON)).toBeNull();
      expect(await keys.spend(key.hash, at(MINUTE), ON)).toMatchObject({ requestCount: 1, lastRequest: at(MINUTE) });
      expect(await spendTimes(key, 2, at(MINUTE + SECOND))).toBe(1);
    });

    it('does not rate limit when limits are off for the key or for every key, but still counts', async () => {
      const limits = { rateLimitTimeWindow: MINUTE, rateLimitMax: 1 };
      const keyOff = await stored({ ...limits, rateLimitEnabled: false });
      const globalOff = await stored({ ...limits, rateLimitEnabled: true });
      expect(await spendTimes(keyOff, 3, at(SECOND))).toBe(3);
      expect(await spendTimes(globalOff, 3, at(SECOND), { rateLimitEnabled: false })).toBe(3);
      expect(await keys.findById(keyOff.id)).toMatchObject({ requestCount: 3 });
    });

    it('refills remaining to refillAmount once refillInterval has passed since creation, then since the refill', async () => {
      const key = await stored({ remaining: 1, refillAmount: 3, refillInterval: HOUR });
      expect(await spendTimes(key, 2, at(MINUTE))).toBe(1);
      expect(await keys.spend(key.hash, at(HOUR - 1), ON)).toBeNull();
      expect(await keys.spend(key.hash, at(HOUR), ON)).toMatchObject({ remaining: 2, lastRefillAt: at(HOUR) });
      expect(await spendTimes(key, 3, at(HOUR + MINUTE))).toBe(2);
      expect(await keys.spend(key.hash, at(2 * HOUR - 1), ON)).toBeNull();
      expect(await keys.spend(key.hash, at(2 * HOUR), ON)).toMatchObject({ remaining: 2, lastRefillAt: at(2 * HOUR) });
    });

    it('tops remaining up at a refill but never lowers it', async () => {
      const key = await stored({ remaining: 10, refillAmount: 3, refillInterval: HOUR });
      expect(await keys.spend(key.hash, at(HOUR), ON)).toMatchObject({ remaining: 9, lastRefillAt: at(HOUR) });
    });

    it('refills parallel uses once: exactly refillAmount of 20 get through', async () => {
      const key = await stored({ remaining: 0, refillAmount: 4, refillInterval: HOUR });
      const results = await Promise.all(Array.from({ length: 20 }, () => keys.spend(key.hash, at(HOUR), ON)));
      expect(results.filter(Boolean)).toHaveLength(4);
      expect(await keys.findById(key.id)).toMatchObject({ remaining: 0, lastRefillAt: at(HOUR) });
    });

    it('checks the budget before the rate limit, and a refused use spends no budget', async () => {
      const key = await stored({ remaining: 5, rateLimitEnabled: true, rateLimitTimeWindow: MINUTE, rateLimitMax: 1 });
      expect(await spendTimes(key, 3, at(SECOND))).toBe(1);
      expect(await keys.findById(key.id)).toMatchObject({ remaining: 4, requestCount: 1 });
    });
  });
}
