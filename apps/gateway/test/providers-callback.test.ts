// GET /callback/{id}: every way a provider flow can end on the error page (spec sections 4, 8),
// always as a redirect, never JSON, never a 500, never a hang.
import { startFakeProviders, type FakeProviders } from '@tend/providers/testing';
import { TOKENS } from '../src/tokens.js';
import { auditLog, CookieJar, ERROR_PAGE, errorOf, get, providerConfig, returnFrom, SESSION_COOKIE, signInAdmin, signInWith, signUp, start, startGateway, type TestGateway } from './harness/index.js';

let fakes: FakeProviders;
let gateway: TestGateway;
beforeAll(async () => {
  fakes = await startFakeProviders();
  gateway = await startGateway(providerConfig(fakes, { timeoutMs: 300 }));
});
afterAll(async () => {
  await gateway.close();
  await fakes.close();
});
afterEach(() => fakes.clearFailures());

/** Starts a GitHub sign-in in `browser` and answers what the provider sends back. */
async function authorized(browser: CookieJar, body: Record<string, unknown> = {}) {
  const url = await start(gateway, browser, { provider: 'github', callbackURL: '/dashboard', ...body });
  return fakes.authorize(url.toString());
}

function callback(browser: CookieJar, query: Record<string, string>, provider = 'github') {
  return get(gateway, `/callback/${provider}?${new URLSearchParams(query)}`, browser);
}

describe('the sign-in state', () => {
  it('redirects with state_not_found when the callback has no state', async () => {
    const browser = new CookieJar();
    const { code } = await authorized(browser);
    const res = await callback(browser, { code }).expect(302);
    expect(res.headers.location).toBe(`${ERROR_PAGE}?error=state_not_found`);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('redirects with please_restart_the_process for an unknown state', async () => {
    const browser = new CookieJar();
    const { code } = await authorized(browser);
    const res = await callback(browser, { code, state: 'x'.repeat(32) }).expect(302);
    expect(errorOf(res)).toBe('please_restart_the_process');
  });

  it('redirects with please_restart_the_process once the state is over 10 minutes old', async () => {
    const browser = new CookieJar();
    const authorization = await authorized(browser);
    gateway.clock.advance(11 * 60 * 1000);
    const res = await callback(browser, { code: authorization.code, state: authorization.state }).expect(302);
    expect(errorOf(res)).toBe('please_restart_the_process');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('signs in once: the same state again redirects with please_restart_the_process', async () => {
    const browser = new CookieJar();
    const authorization = await authorized(browser);
    const first = await returnFrom(gateway, browser, 'github', authorization);
    expect(first.status).toBe(302);
    expect(first.headers.location).toMatch(/^\/(welcome|dashboard)$/);
    const again = await callback(browser, { code: authorization.code, state: authorization.state }).expect(302);
    expect(errorOf(again)).toBe('please_restart_the_process');
  });

  it('redirects with please_restart_the_process in another browser (its own binding cookie, or none)', async () => {
    const victim = new CookieJar();
    const authorization = await authorized(victim);
    const attacker = new CookieJar();
    await start(gateway, attacker, { provider: 'github', callbackURL: '/' });
    const query = { code: authorization.code, state: authorization.state };
    expect(errorOf(await callback(attacker, query).expect(302))).toBe('please_restart_the_process');
    expect(errorOf(await callback(new CookieJar(), query).expect(302))).toBe('please_restart_the_process');
    // A refused browser does not burn the state: the browser that started the flow still finishes it.
    const res = await returnFrom(gateway, victim, 'github', authorization);
    expect(res.status).toBe(302);
    expect(errorOf(res)).toBeNull();
  });

  it('redirects with please_restart_the_process when the state was started for another provider', async () => {
    const browser = new CookieJar();
    const authorization = await authorized(browser);
    expect(errorOf(await callback(browser, { code: authorization.code, state: authorization.state }, 'google').expect(302))).toBe('please_restart_the_process');
  });
});

describe('the outcome', () => {
  it("redirects with the provider's own error (access_denied) to the sign-in's errorCallbackURL", async () => {
    const browser = new CookieJar();
    const { state } = await authorized(browser, { errorCallbackURL: '/sign-in?failed=1' });
    const res = await callback(browser, { state, error: 'access_denied', error_description: 'The user denied access' }).expect(302);
    expect(res.headers.location).toBe('/sign-in?failed=1&error=access_denied&error_description=The%20user%20denied%20access');
  });

  it('redirects with no_code when the provider sends no code', async () => {
    const browser = new CookieJar();
    const { state } = await authorized(browser);
    expect(errorOf(await callback(browser, { state }).expect(302))).toBe('no_code');
  });

  it('redirects with banned for a banned user, and sets no session', async () => {
    fakes.setUser('discord', { id: '9001', email: 'banned.discord@example.com', verified: true });
    try {
      const first = await signInWith(gateway, fakes, new CookieJar(), 'discord');
      expect(first.status).toBe(302);
      const users = gateway.container.get(TOKENS.UserRepository);
      const user = (await users.findByEmail('banned.discord@example.com'))!;
      await users.update(user.id, { banned: true, banReason: 'spam', banExpires: null });
      const browser = new CookieJar();
      const res = await signInWith(gateway, fakes, browser, 'discord');
      expect(errorOf(res)).toBe('banned');
      expect(browser.has(SESSION_COOKIE)).toBe(false);
    } finally {
      fakes.setUser('discord', {});
    }
  });

  it('links no banned account and claims nothing from it: banned, its password and sessions kept', async () => {
    const local = await signUp(gateway, { email: `barred.${Date.now()}@example.com` });
    const users = gateway.container.get(TOKENS.UserRepository);
    await users.update(local.user.id as string, { banned: true, banReason: 'spam', banExpires: null });
    fakes.setUser('discord', { id: '9002', email: local.body.email, verified: true });
    try {
      const res = await signInWith(gateway, fakes, new CookieJar(), 'discord');
      expect(errorOf(res)).toBe('banned');
      const accounts = await gateway.container.get(TOKENS.Database).account.findMany({ where: { userId: local.user.id as string } });
      expect(accounts.map((account) => account.providerId)).toEqual(['credential']);
      expect(await gateway.container.get(TOKENS.Database).session.count({ where: { userId: local.user.id as string } })).toBe(1);
    } finally {
      fakes.setUser('discord', {});
    }
  });

  it('redirects with unable_to_get_user_info for VK without an email (VK yields no user)', async () => {
    fakes.setUser('vk', { user: { user_id: '42', first_name: 'No', last_name: 'Mail' } });
    try {
      expect(errorOf(await signInWith(gateway, fakes, new CookieJar(), 'vk'))).toBe('unable_to_get_user_info');
    } finally {
      fakes.setUser('vk', {});
    }
  });

  it.each([
    ['locked', { locked: true }],
    ['blocked', { state: 'blocked' }],
  ])('redirects with unable_to_get_user_info for a %s GitLab user', async (_name, profile) => {
    fakes.setUser('gitlab', profile);
    try {
      expect(errorOf(await signInWith(gateway, fakes, new CookieJar(), 'gitlab'))).toBe('unable_to_get_user_info');
    } finally {
      fakes.setUser('gitlab', {});
    }
  });

  it('redirects with email_not_found when a provider that shares emails sends none (no placeholder domain configured)', async () => {
    fakes.setUser('github', { profile: { id: 4242, login: 'nomail', name: null, email: null, avatar_url: null }, emails: [] });
    try {
      expect(errorOf(await signInWith(gateway, fakes, new CookieJar(), 'github'))).toBe('email_not_found');
    } finally {
      fakes.setUser('github', {});
    }
  });

  it('redirects with signup_disabled when the provider may not create users', async () => {
    const closed = await startGateway(providerConfig(fakes, { settings: { ...fakes.settings(['spotify']), spotify: { ...fakes.credentials('spotify'), disableSignUp: true } } }));
    try {
      expect(errorOf(await signInWith(closed, fakes, new CookieJar(), 'spotify'))).toBe('signup_disabled');
    } finally {
      await closed.close();
    }
  });
});

describe('provider failures', () => {
  it.each([
    ['the token endpoint answers 500', 'https://github.com/login/oauth/access_token', { status: 500, text: 'oops' }, 'invalid_code'],
    ['the token endpoint answers malformed JSON', 'https://github.com/login/oauth/access_token', { status: 200, headers: { 'content-type': 'application/json' }, text: '{"access_token":' }, 'invalid_code'],
    ['the profile endpoint answers 500', 'https://api.github.com/user', { status: 500, json: { message: 'down' } }, 'unable_to_get_user_info'],
    ['the profile endpoint answers malformed JSON', 'https://api.github.com/user', { status: 200, headers: { 'content-type': 'application/json' }, text: '<html>' }, 'unable_to_get_user_info'],
    ['the connection is reset', 'https://github.com/login/oauth/access_token', 'reset' as const, 'invalid_code'],
  ])('redirects when %s', async (_name, url, reply, code) => {
    const browser = new CookieJar();
    const authorization = await authorized(browser);
    fakes.fail(url, reply);
    const res = await returnFrom(gateway, browser, 'github', authorization);
    expect(res.status).toBe(302);
    expect(errorOf(res)).toBe(code);
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });

  it(
    'gives up on a provider that never answers after the configured timeout (300 ms), with a redirect',
    async () => {
      const browser = new CookieJar();
      const authorization = await authorized(browser);
      fakes.fail('https://github.com/login/oauth/access_token', 'hang');
      const res = await returnFrom(gateway, browser, 'github', authorization);
      expect(errorOf(res)).toBe('invalid_code');
    },
    10_000,
  );

  it('ends on the error page, not a 500, when a provider sends the browser back with hostile but well-formed fields', async () => {
    const res = await get(gateway, `/callback/github?state=${'z'.repeat(32)}&code=${'c'.repeat(4000)}&error_description=${'d'.repeat(1999)}`, new CookieJar()).expect(302);
    expect(errorOf(res)).toBe('please_restart_the_process');
  });
});

describe('linking through the callback of a sign-in', () => {
  it('answers the callback of a link with a redirect to callbackURL and no new session cookie', async () => {
    const { cookie, body } = await signUp(gateway);
    fakes.setUser('google', { sub: '5550001', email: body.email, email_verified: true });
    try {
      const browser = new CookieJar(cookie);
      const url = await start(gateway, browser, { provider: 'google', callbackURL: '/settings/accounts' }, '/link-social');
      const res = await returnFrom(gateway, browser, 'google', await fakes.authorize(url.toString()));
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/settings/accounts');
      expect((res.headers['set-cookie'] as unknown as string[] | undefined)?.some((c) => c.startsWith(SESSION_COOKIE)) ?? false).toBe(false);
      const accounts = await get(gateway, '/list-accounts', browser).expect(200);
      expect(accounts.body.map((a: { providerId: string }) => a.providerId).sort()).toEqual(['credential', 'google']);
    } finally {
      fakes.setUser('google', {});
    }
  });
});

describe('the audit log', () => {
  it('records a social sign-in with its provider, and a failed one with the redirect code only', async () => {
    const admin = await signInAdmin(gateway);
    fakes.setUser('linkedin', { sub: 'audited-1', email: 'audited.linkedin@example.com' });
    try {
      const browser = new CookieJar();
      await signInWith(gateway, fakes, browser, 'linkedin');
      const userId = (await get(gateway, '/get-session', browser).expect(200)).body.user.id as string;
      const mine = await auditLog(gateway, admin.cookie, { userId });
      expect(mine.events).toEqual([expect.objectContaining({ action: 'sign-in.success', actorId: userId, targetUserId: userId, detail: { method: 'social', provider: 'linkedin' } })]);
    } finally {
      fakes.setUser('linkedin', {});
    }
    const failing = new CookieJar();
    const { state } = await authorized(failing);
    // Newest first: a second later than everything before it.
    gateway.clock.advance(1000);
    await callback(failing, { state, error: 'access_denied' }).expect(302);
    const failures = await auditLog(gateway, admin.cookie, { action: 'sign-in.failure' });
    expect(failures.events[0]).toMatchObject({ actorId: null, detail: { method: 'social', provider: 'github', reason: 'access_denied' } });
  });
});
