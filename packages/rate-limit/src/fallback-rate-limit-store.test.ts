import { ManualClock } from '@tend/kernel';
import { MemoryRateLimitStore } from './adapters/memory/index.js';
import { FallbackRateLimitStore } from './fallback-rate-limit-store.js';
import { RateLimiter } from './rate-limiter.js';
import { FlakyRateLimitStore, RecordingLogger } from './testing/index.js';

const T0 = Date.UTC(2026, 0, 1);

function setup(probeIntervalMs = 5_000) {
  const clock = new ManualClock(T0);
  const logger = new RecordingLogger();
  const primaryCounters = new MemoryRateLimitStore();
  const primary = new FlakyRateLimitStore(primaryCounters);
  const fallback = new MemoryRateLimitStore();
  const store = new FallbackRateLimitStore({ primary, fallback, logger, clock, probeIntervalMs, name: 'redis' });
  return { clock, logger, primary, primaryCounters, fallback, store };
}

describe('FallbackRateLimitStore', () => {
  it('serves from the primary while it answers, logging nothing', async () => {
    const { store, logger, fallback } = setup();
    expect((await store.hit('k', 10_000, T0)).count).toBe(1);
    expect((await store.hit('k', 10_000, T0)).count).toBe(2);
    expect(fallback.size).toBe(0);
    expect(store.usingFallback).toBe(false);
    expect(logger.lines).toEqual([]);
  });

  it('serves from memory when the primary fails, with one warning for the whole outage', async () => {
    const { store, logger, primary, clock } = setup();
    primary.fail();
    for (let i = 1; i <= 5; i += 1) expect((await store.hit('k', 10_000, clock.now().getTime())).count).toBe(i);
    clock.advance(6_000);
    await store.hit('k', 10_000, clock.now().getTime()); // a probe, failing again
    expect(store.usingFallback).toBe(true);
    expect(logger.levels()).toEqual(['warn']);
    expect(logger.lines[0]).toMatchObject({ message: expect.stringContaining('redis'), context: { error: expect.stringContaining('ECONNREFUSED') } });
  });

  it('tries the primary again at most once per probe interval', async () => {
    const { store, primary, clock } = setup(5_000);
    primary.fail();
    await store.hit('k', 10_000, T0);
    for (let i = 0; i < 10; i += 1) await store.hit('k', 10_000, T0);
    clock.advance(4_999);
    await store.hit('k', 10_000, T0);
    expect(primary.calls).toEqual(['failed']);
    clock.advance(1);
    await Promise.all([store.hit('k', 10_000, T0), store.hit('k', 10_000, T0), store.peek('k', 10_000, T0)]);
    expect(primary.calls).toEqual(['failed', 'failed']);
  });

  it('goes back to the primary when it answers again, and says so once', async () => {
    const { store, logger, primary, primaryCounters, clock } = setup(5_000);
    await store.hit('k', 10_000, T0);
    primary.fail();
    await store.hit('k', 10_000, T0);
    primary.recover();
    // Recovered, but not yet probed: still memory.
    expect((await store.hit('other', 10_000, T0)).count).toBe(1);
    expect(await primaryCounters.peek('other', 10_000, T0)).toBeNull();
    clock.advance(5_000);
    expect((await store.hit('k', 10_000, T0)).count).toBe(2);
    expect(store.usingFallback).toBe(false);
    expect((await store.hit('k', 10_000, T0)).count).toBe(3);
    expect(logger.levels()).toEqual(['warn', 'info']);
    // A second outage is reported again.
    primary.fail();
    await store.hit('k', 10_000, T0);
    expect(logger.levels()).toEqual(['warn', 'info', 'warn']);
  });

  it('keeps a limiter limiting through an outage', async () => {
    const { store, primary, clock } = setup();
    const limiter = new RateLimiter({ enabled: true }, store, clock);
    primary.fail();
    const decisions = [];
    for (let i = 0; i < 4; i += 1) decisions.push(await limiter.check({ ip: '203.0.113.1', path: '/sign-in/email' }));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
  });

  it('passes peek and reset through the same switch', async () => {
    const { store, primary, fallback } = setup();
    primary.fail();
    await store.hit('k', 10_000, T0);
    expect(await store.peek('k', 10_000, T0)).toEqual({ count: 1, resetAtMs: T0 + 10_000 });
    await store.reset('k');
    expect(await fallback.peek('k', 10_000, T0)).toBeNull();
  });
});
