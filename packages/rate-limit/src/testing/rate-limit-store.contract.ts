/// <reference types="jest" />
// The behaviour every RateLimitStore adapter owes, as one jest suite each adapter runs.
import { randomUUID } from 'node:crypto';
import type { RateLimitStore } from '../rate-limit-store.port.js';

export interface RateLimitStoreHarness {
  readonly store: RateLimitStore;
  /** Frees what `open` took (connections, databases, keys). */
  close?(): Promise<void>;
}

const WINDOW = 10_000;
const T0 = Date.UTC(2026, 0, 1, 12);

/**
 * Declares the contract suite of `RateLimitStore` for one adapter. `open` runs once before the
 * suite; every case uses keys of its own, so the store may be shared.
 */
export function describeRateLimitStoreContract(name: string, open: () => Promise<RateLimitStoreHarness>): void {
  describe(`RateLimitStore contract: ${name}`, () => {
    let harness: RateLimitStoreHarness | undefined;
    const store = (): RateLimitStore => {
      if (!harness) throw new Error('the store did not open');
      return harness.store;
    };
    const freshKey = (): string => `contract|${randomUUID()}`;

    beforeAll(async () => {
      harness = await open();
    });

    afterAll(async () => {
      await harness?.close?.();
    });

    it('counts the first hit of a key as 1, in a window that ends windowMs later', async () => {
      expect(await store().hit(freshKey(), WINDOW, T0)).toEqual({ count: 1, resetAtMs: T0 + WINDOW });
    });

    it('counts later hits in the same window up, keeping the end of the window', async () => {
      const key = freshKey();
      await store().hit(key, WINDOW, T0);
      expect(await store().hit(key, WINDOW, T0 + 1)).toEqual({ count: 2, resetAtMs: T0 + WINDOW });
      expect(await store().hit(key, WINDOW, T0 + WINDOW - 1)).toEqual({ count: 3, resetAtMs: T0 + WINDOW });
    });

    it('starts a new window with the first hit at or after the end of the last one', async () => {
      const key = freshKey();
      await store().hit(key, WINDOW, T0);
      await store().hit(key, WINDOW, T0 + 5);
      expect(await store().hit(key, WINDOW, T0 + WINDOW)).toEqual({ count: 1, resetAtMs: T0 + 2 * WINDOW });
      expect(await store().hit(key, WINDOW, T0 + WINDOW + 3_000)).toEqual({ count: 2, resetAtMs: T0 + 2 * WINDOW });
      const later = T0 + 10 * WINDOW + 123;
      expect(await store().hit(key, WINDOW, later)).toEqual({ count: 1, resetAtMs: later + WINDOW });
    });

    it('keeps keys apart', async () => {
      const [a, b] = [freshKey(), freshKey()];
      await store().hit(a, WINDOW, T0);
      await store().hit(a, WINDOW, T0);
      expect(await store().hit(b, WINDOW, T0)).toEqual({ count: 1, resetAtMs: T0 + WINDOW });
      expect((await store().hit(a, WINDOW, T0)).count).toBe(3);
    });

    it('honours the window each key is hit with', async () => {
      const [short, long] = [freshKey(), freshKey()];
      expect(await store().hit(short, 1_000, T0)).toEqual({ count: 1, resetAtMs: T0 + 1_000 });
      expect(await store().hit(long, 900_000, T0)).toEqual({ count: 1, resetAtMs: T0 + 900_000 });
      expect((await store().hit(short, 1_000, T0 + 1_000)).count).toBe(1);
      expect((await store().hit(long, 900_000, T0 + 1_000)).count).toBe(2);
    });

    it('gives 20 parallel hits on one key the counts 1 to 20, each exactly once', async () => {
      const key = freshKey();
      const hits = await Promise.all(Array.from({ length: 20 }, () => store().hit(key, WINDOW, T0)));
      expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(hits.map((hit) => hit.resetAtMs))).toEqual(new Set([T0 + WINDOW]));
    });

    it('gives 20 parallel hits after a window ended the counts 1 to 20 of one new window', async () => {
      const key = freshKey();
      await store().hit(key, WINDOW, T0);
      await store().hit(key, WINDOW, T0);
      const next = T0 + WINDOW + 50;
      const hits = await Promise.all(Array.from({ length: 20 }, () => store().hit(key, WINDOW, next)));
      expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(hits.map((hit) => hit.resetAtMs))).toEqual(new Set([next + WINDOW]));
    });

    it('peeks at the current window without counting', async () => {
      const key = freshKey();
      expect(await store().peek(key, WINDOW, T0)).toBeNull();
      await store().hit(key, WINDOW, T0);
      await store().hit(key, WINDOW, T0 + 10);
      expect(await store().peek(key, WINDOW, T0 + 20)).toEqual({ count: 2, resetAtMs: T0 + WINDOW });
      expect(await store().peek(key, WINDOW, T0 + 30)).toEqual({ count: 2, resetAtMs: T0 + WINDOW });
      expect((await store().hit(key, WINDOW, T0 + 40)).count).toBe(3);
    });

    it('peeks nothing once the window has ended', async () => {
      const key = freshKey();
      await store().hit(key, WINDOW, T0);
      expect(await store().peek(key, WINDOW, T0 + WINDOW)).toBeNull();
    });

    it('forgets a key on reset, and a reset of an unknown key is harmless', async () => {
      const key = freshKey();
      await store().hit(key, WINDOW, T0);
      await store().hit(key, WINDOW, T0);
      await store().reset(key);
      expect(await store().peek(key, WINDOW, T0)).toBeNull();
      expect(await store().hit(key, WINDOW, T0 + 1)).toEqual({ count: 1, resetAtMs: T0 + 1 + WINDOW });
      await expect(store().reset(freshKey())).resolves.toBeUndefined();
    });

    it('hitBelow counts up to the limit, then answers the full window without counting', async () => {
      const key = freshKey();
      expect(await store().hitBelow(key, 2, WINDOW, T0)).toEqual({ count: 1, resetAtMs: T0 + WINDOW, counted: true });
      expect(await store().hitBelow(key, 2, WINDOW, T0 + 1)).toEqual({ count: 2, resetAtMs: T0 + WINDOW, counted: true });
      expect(await store().hitBelow(key, 2, WINDOW, T0 + 2)).toEqual({ count: 2, resetAtMs: T0 + WINDOW, counted: false });
      expect(await store().peek(key, WINDOW, T0 + 3)).toEqual({ count: 2, resetAtMs: T0 + WINDOW });
      // A higher limit admits one more; a new window starts over whatever the old one held.
      expect(await store().hitBelow(key, 3, WINDOW, T0 + 4)).toEqual({ count: 3, resetAtMs: T0 + WINDOW, counted: true });
      expect(await store().hitBelow(key, 1, WINDOW, T0 + WINDOW)).toEqual({ count: 1, resetAtMs: T0 + 2 * WINDOW, counted: true });
      expect((await store().hit(key, WINDOW, T0 + WINDOW + 1)).count).toBe(2);
    });

    it('of 20 parallel hitBelow calls with limit 3, exactly 3 are counted', async () => {
      const key = freshKey();
      const results = await Promise.all(Array.from({ length: 20 }, () => store().hitBelow(key, 3, WINDOW, T0)));
      expect(results.filter((result) => result.counted).map((result) => result.count).sort()).toEqual([1, 2, 3]);
      expect(results.filter((result) => !result.counted).every((result) => result.count === 3)).toBe(true);
      expect(await store().peek(key, WINDOW, T0)).toEqual({ count: 3, resetAtMs: T0 + WINDOW });
    });

    it('takes keys with any characters (addresses, paths, hashes)', async () => {
      const key = `request|2001:db8::/64|/sign-in/email?x='; DROP TABLE "rate_limit"; --|${randomUUID()}`;
      expect((await store().hit(key, WINDOW, T0)).count).toBe(1);
      expect((await store().hit(key, WINDOW, T0)).count).toBe(2);
      expect(await store().peek(key, WINDOW, T0)).toEqual({ count: 2, resetAtMs: T0 + WINDOW });
    });
  });
}
