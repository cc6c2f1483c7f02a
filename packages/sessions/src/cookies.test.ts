import { ManualClock } from '@tend/kernel';
import { newUser } from './testing/users.js';
import { CookieCache } from './cookie-cache.js';
import { MAX_COOKIE_AGE, SessionCookies } from './cookies.js';

describe('SessionCookies', () => {
  const cookies = new SessionCookies('s'.repeat(32), { secure: false });

  it('writes signed HttpOnly SameSite=Lax cookies and reads them back', () => {
    const header = cookies.write('tend.session_token', 'abc', 60);
    expect(header).toMatch(/^tend\.session_token=abc\.[\w-]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    const jar = cookies.parse(header.split(';')[0]);
    expect(cookies.read(jar, 'tend.session_token')).toBe('abc');
    expect(cookies.read({ 'tend.session_token': 'abd.' + header.split('.')[2]!.split(';')[0] }, 'tend.session_token')).toBeNull();
  });

  it('refuses a Max-Age over 400 days', () => {
    expect(() => cookies.write('x', 'v', MAX_COOKIE_AGE + 1)).toThrow(/400 days/);
    expect(() => cookies.write('x', 'v', MAX_COOKIE_AGE)).not.toThrow();
  });

  it('prefixes and secures cookies on https', () => {
    const secure = new SessionCookies('s'.repeat(32), { secure: true });
    expect(secure.names.sessionToken).toBe('__Secure-tend.session_token');
    expect(secure.write(secure.names.sessionToken, 'v', 10)).toMatch(/; Secure/);
  });
});

describe('CookieCache', () => {
  const clock = new ManualClock();
  const cache = new CookieCache('s'.repeat(32), { enabled: true, maxAge: 300 });
  const user = newUser({ id: 'u', email: 'a@example.com', name: 'A' }, clock.now());
  const session = {
    id: 's', token: 't'.repeat(32), userId: 'u', expiresAt: new Date(clock.now().getTime() + 86_400_000),
    ipAddress: null, userAgent: null, impersonatedBy: null, activeOrganizationId: null, createdAt: clock.now(), updatedAt: clock.now(),
  };

  it('round-trips a session with its dates for 300 seconds', () => {
    const payload = cache.encode({ session, user }, clock.now());
    expect(cache.decode(payload, clock.now())?.session.expiresAt).toEqual(session.expiresAt);
    expect(cache.decode(payload, new Date(clock.now().getTime() + 300_000))).toBeNull();
  });

  it('refuses data over 4093 characters', () => {
    expect(() => cache.encode({ session, user: { ...user, bio: 'x'.repeat(4000) } }, clock.now())).toThrow(/4093/);
  });
});
