import { describeRateLimitStoreContract } from '../../testing/index.js';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';

describeRateLimitStoreContract('memory', async () => ({ store: new MemoryRateLimitStore() }));

describe('MemoryRateLimitStore memory bound', () => {
  const T0 = Date.UTC(2026, 0, 1);

  it('sweeps ended windows once the sweep interval has passed', async () => {
    const store = new MemoryRateLimitStore({ sweepIntervalMs: 60_000 });
    for (let i = 0; i < 50; i += 1) await store.hit(`old-${i}`, 10_000, T0);
    expect(store.size).toBe(50);
    // Ended, but the interval has not passed yet: still held.
    await store.hit('fresh-1', 10_000, T0 + 20_000);
    expect(store.size).toBe(51);
    await store.hit('fresh-2', 10_000, T0 + 60_000);
    expect(store.size).toBe(1);
    expect(await store.peek('fresh-2', 10_000, T0 + 60_000)).toEqual({ count: 1, resetAtMs: T0 + 70_000 });
  });

  it('keeps live windows when it sweeps', async () => {
    const store = new MemoryRateLimitStore({ sweepIntervalMs: 1_000 });
    await store.hit('long', 900_000, T0);
    await store.hit('short', 1_000, T0);
    store.sweep(T0 + 5_000);
    expect(store.size).toBe(1);
    expect((await store.hit('long', 900_000, T0 + 5_000)).count).toBe(2);
  });

  it('never holds more than maxKeys, dropping the oldest windows first', async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 3 });
    await store.hit('a', 10_000, T0);
    await store.hit('b', 10_000, T0 + 1);
    await store.hit('c', 10_000, T0 + 2);
    await store.hit('d', 10_000, T0 + 3);
    expect(store.size).toBe(3);
    expect(await store.peek('a', 10_000, T0 + 3)).toBeNull();
    expect(await store.peek('d', 10_000, T0 + 3)).toEqual({ count: 1, resetAtMs: T0 + 10_003 });
    // A counted hit on a held key takes no room.
    expect((await store.hit('b', 10_000, T0 + 4)).count).toBe(2);
    expect(store.size).toBe(3);
  });

  it('refuses a bound below one key', () => {
    expect(() => new MemoryRateLimitStore({ maxKeys: 0 })).toThrow(RangeError);
  });
});
