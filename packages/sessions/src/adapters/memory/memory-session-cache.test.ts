import { ManualClock } from '@tend/kernel';
import { newUser } from '../../testing/users.js';
import { sessionCacheContract } from '../../testing/session-cache.contract.js';
import { MemorySessionCache } from './memory-session-cache.js';

sessionCacheContract('memory', async () => {
  const clock = new ManualClock();
  return { cache: new MemorySessionCache(clock), clock, close: async () => undefined };
});

describe('MemorySessionCache', () => {
  const HOUR = 3_600_000;

  function lookup(clock: ManualClock, expiresInMs: number) {
    const now = clock.now();
    const user = newUser({ id: 'u1', email: 'a@example.com', name: 'A' }, now);
    const session = { id: 's1', token: 't'.repeat(32), userId: 'u1', expiresAt: new Date(now.getTime() + expiresInMs), ipAddress: null, userAgent: null, impersonatedBy: null, activeOrganizationId: null, createdAt: now, updatedAt: now };
    return { token: session.token, found: { session, user } };
  }

  it('keeps a lookup one hour at most, and never past the session expiry', async () => {
    const clock = new ManualClock();
    const cache = new MemorySessionCache(clock);
    const long = lookup(clock, 7 * 24 * HOUR);
    await cache.fill(long.token, long.found);
    clock.advance(HOUR - 1);
    expect(await cache.get(long.token)).not.toBeNull();
    clock.advance(1);
    expect(await cache.get(long.token)).toBeNull();

    const short = lookup(clock, 1000);
    await cache.fill(short.token, short.found);
    clock.advance(1000);
    expect(await cache.get(short.token)).toBeNull();
  });

  it('accepts fills again once the tombstone of an invalidation has passed', async () => {
    const clock = new ManualClock();
    const cache = new MemorySessionCache(clock, { tombstoneMs: 5000 });
    const { token, found } = lookup(clock, HOUR);
    await cache.invalidateUser('u1');
    clock.advance(4999);
    await cache.fill(token, found);
    expect(await cache.get(token)).toBeNull();
    clock.advance(1);
    await cache.fill(token, found);
    expect(await cache.get(token)).toStrictEqual(found);
  });
});
