import { ManualClock, SECOND } from '@tend/kernel';
import { MemoryRateLimitStore } from './adapters/memory/index.js';
import { RateLimiter, type RateLimitConfig } from './rate-limiter.js';

function limiter(config: Partial<RateLimitConfig> = {}) {
  const clock = new ManualClock();
  const store = new MemoryRateLimitStore();
  return { clock, store, limiter: new RateLimiter({ enabled: true, ...config }, store, clock) };
}

async function allowedCount(rateLimiter: RateLimiter, ip: string | null, path: string, attempts: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < attempts; i += 1) if ((await rateLimiter.check({ ip, path })).allowed) allowed += 1;
  return allowed;
}

describe('RateLimiter', () => {
  it('allows 100 requests per 10 seconds by default and refuses the 101st', async () => {
    const { limiter: rl } = limiter();
    for (let i = 1; i <= 100; i += 1) {
      expect(await rl.check({ ip: '203.0.113.1', path: '/get-session' })).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
        limit: 100,
        remaining: 100 - i,
      });
    }
    expect(await rl.check({ ip: '203.0.113.1', path: '/get-session' })).toEqual({
      allowed: false,
      retryAfterSeconds: 10,
      limit: 100,
      remaining: 0,
    });
  });

  it.each(['/sign-in/email', '/sign-in/username', '/sign-in/social', '/sign-up/email', '/change-password', '/change-email'])(
    'allows 3 requests per 10 seconds on %s',
    async (path) => {
      const { limiter: rl } = limiter();
      expect(rl.ruleFor(path)).toMatchObject({ window: 10, max: 3 });
      expect(await allowedCount(rl, '203.0.113.2', path, 5)).toBe(3);
    },
  );

  it('keys by client address and path: other clients and other paths count apart', async () => {
    const { limiter: rl } = limiter();
    expect(await allowedCount(rl, '203.0.113.3', '/sign-in/email', 4)).toBe(3);
    expect((await rl.check({ ip: '203.0.113.4', path: '/sign-in/email' })).allowed).toBe(true);
    expect((await rl.check({ ip: '203.0.113.3', path: '/sign-up/email' })).allowed).toBe(true);
    expect((await rl.check({ ip: '203.0.113.3', path: '/get-session' })).allowed).toBe(true);
  });

  it('does not let another spelling of a strict path escape its rule or its counter', async () => {
    const { limiter: rl } = limiter({ basePath: '/api/auth' });
    const spellings = ['/sign-in/email', '/SIGN-IN/email/', '//sign-in//email?x=1', '/api/auth/sign-in/email', '/sign%2Din/email'];
    const decisions = [];
    for (const path of spellings) decisions.push(await rl.check({ ip: '203.0.113.5', path }));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
  });

  it('answers the seconds left in the window as retry-after, rounded up', async () => {
    const { limiter: rl, clock } = limiter();
    const request = { ip: '203.0.113.6', path: '/change-password' };
    await allowedCount(rl, request.ip, request.path, 3);
    clock.advance(2_500);
    expect(await rl.check(request)).toEqual({ allowed: false, retryAfterSeconds: 8, limit: 3, remaining: 0 });
    clock.advance(7_400);
    expect((await rl.check(request)).retryAfterSeconds).toBe(1);
  });

  it('allows again once the window has passed', async () => {
    const { limiter: rl, clock } = limiter();
    const request = { ip: '203.0.113.7', path: '/sign-up/email' };
    expect(await allowedCount(rl, request.ip, request.path, 4)).toBe(3);
    clock.advance(9_999);
    expect((await rl.check(request)).allowed).toBe(false);
    clock.advance(1);
    expect(await rl.check(request)).toEqual({ allowed: true, retryAfterSeconds: 0, limit: 3, remaining: 2 });
  });

  it('takes a custom default window and max', async () => {
    const { limiter: rl, clock } = limiter({ window: 60, max: 2 });
    expect(await allowedCount(rl, '203.0.113.8', '/list-sessions', 3)).toBe(2);
    clock.advance(30 * SECOND);
    expect(await rl.check({ ip: '203.0.113.8', path: '/list-sessions' })).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    // The strict paths keep their own rule.
    expect(rl.ruleFor('/sign-in/email')).toEqual({ window: 10, max: 3, pattern: '/sign-in/*' });
  });

  it('applies custom rules by exact path and by prefix, the most specific first', async () => {
    const { limiter: rl } = limiter({
      rules: {
        '/organization/*': { window: 60, max: 5 },
        '/organization/create': { window: 3600, max: 1 },
        '/sign-in/*': { window: 30, max: 2 },
      },
    });
    expect(rl.ruleFor('/organization/list')).toEqual({ window: 60, max: 5, pattern: '/organization/*' });
    expect(rl.ruleFor('/organization/create')).toEqual({ window: 3600, max: 1, pattern: '/organization/create' });
    expect(rl.ruleFor('/sign-in/email')).toEqual({ window: 30, max: 2, pattern: '/sign-in/*' });
    expect(rl.ruleFor('/sign-up/email')).toEqual({ window: 10, max: 3, pattern: '/sign-up/*' });
    expect(rl.ruleFor('/organizations')).toEqual({ window: 10, max: 100, pattern: '*' });
    expect(await allowedCount(rl, '203.0.113.9', '/organization/create', 2)).toBe(1);
    expect(await allowedCount(rl, '203.0.113.9', '/sign-in/email', 3)).toBe(2);
  });

  it('does not limit paths whose rule is disabled', async () => {
    const { limiter: rl, store } = limiter({ rules: { '/get-session': false, '/sign-up/*': false } });
    expect(rl.ruleFor('/get-session')).toBeNull();
    expect(await allowedCount(rl, '203.0.113.10', '/get-session', 150)).toBe(150);
    expect(await allowedCount(rl, '203.0.113.10', '/sign-up/email', 10)).toBe(10);
    expect(store.size).toBe(0);
    expect(await allowedCount(rl, '203.0.113.10', '/sign-in/email', 4)).toBe(3);
  });

  it('limits nothing and counts nothing when disabled', async () => {
    const { limiter: rl, store } = limiter({ enabled: false });
    expect(rl.enabled).toBe(false);
    expect(await allowedCount(rl, '203.0.113.11', '/sign-in/email', 20)).toBe(20);
    expect(await rl.check({ ip: '203.0.113.11', path: '/sign-in/email' })).toMatchObject({ allowed: true, limit: Infinity });
    expect(store.size).toBe(0);
  });

  it('does not pool requests of unknown address into one counter', async () => {
    const { limiter: rl, store } = limiter();
    expect(await allowedCount(rl, null, '/sign-in/email', 5)).toBe(5);
    expect(store.size).toBe(0);
  });

  it('counts an IPv6 client per /64 network by default, or per address when told', async () => {
    const perNetwork = limiter().limiter;
    expect(await allowedCount(perNetwork, '2001:db8:1:2::1', '/sign-in/email', 2)).toBe(2);
    expect(await allowedCount(perNetwork, '2001:db8:1:2:ffff::9', '/sign-in/email', 2)).toBe(1);
    expect(await allowedCount(perNetwork, '2001:db8:1:3::1', '/sign-in/email', 1)).toBe(1);
    const perAddress = limiter({ ipv6PrefixLength: 128 }).limiter;
    expect(await allowedCount(perAddress, '2001:db8:1:2::1', '/sign-in/email', 3)).toBe(3);
    expect(await allowedCount(perAddress, '2001:db8:1:2::2', '/sign-in/email', 3)).toBe(3);
  });

  it.each([
    [{ window: 0, max: 3 }],
    [{ window: 10, max: -1 }],
    [{ window: 10, max: 1.5 }],
  ])('refuses the nonsense rule %j at construction', (rule) => {
    expect(() => limiter({ rules: { '/x': rule } })).toThrow(RangeError);
  });

  it('refuses patterns that do not start with / or put * anywhere but a last /* segment', () => {
    expect(() => limiter({ rules: { 'sign-in': { window: 1, max: 1 } } })).toThrow(RangeError);
    expect(() => limiter({ rules: { '/sign-*/email': { window: 1, max: 1 } } })).toThrow(RangeError);
  });
});
