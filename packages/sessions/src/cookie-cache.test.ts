import { ManualClock } from '@tend/kernel';
import { newUser } from './testing/users.js';
import { CookieCache } from './cookie-cache.js';

describe('CookieCache.read', () => {
  it('answers the copy with the time it was made, and null once it is stale', () => {
    const clock = new ManualClock();
    const cache = new CookieCache('s'.repeat(32), { enabled: true, maxAge: 300 });
    const now = clock.now();
    const user = newUser({ id: 'u1', email: 'a@example.com', name: 'A' }, now);
    const session = { id: 's1', token: 't'.repeat(32), userId: 'u1', expiresAt: new Date(now.getTime() + 86_400_000), ipAddress: null, userAgent: null, impersonatedBy: null, activeOrganizationId: null, createdAt: now, updatedAt: now };
    const payload = cache.encode({ session, user }, now);
    clock.advance(299_999);
    expect(cache.read(payload, clock.now())).toStrictEqual({ session, user, cachedAt: now });
    expect(cache.decode(payload, clock.now())).toStrictEqual({ session, user });
    clock.advance(1);
    expect(cache.read(payload, clock.now())).toBeNull();
  });

  it('refuses a payload without its cache time', () => {
    const cache = new CookieCache('s'.repeat(32), { enabled: true, maxAge: 300 });
    const payload = Buffer.from(JSON.stringify({ session: { expiresAt: new Date(Date.UTC(2030, 0, 1)) }, user: {} })).toString('base64url');
    expect(cache.read(payload, new Date(Date.UTC(2026, 0, 1)))).toBeNull();
  });
});
