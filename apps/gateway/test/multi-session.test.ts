// Several accounts in one browser (issue 33, points 1–8): better-auth 1.7's multiSession routes
// and `_multi-` cookies over real HTTP, on PGlite and PostgreSQL.
import { adminPost, CookieJar, credentials, get, getSession, post, setCookies, signInAdmin, startGateway, startInstances, turnOnTwoFactor, type Instances, type TestGateway } from './harness/index.js';

const SESSION_COOKIE = 'tend.session_token';
const MULTI = `${SESSION_COOKIE}_multi-`;
const INVALID = { status: 401, code: 'INVALID_SESSION_TOKEN', message: 'Invalid session token' };

/** Awaits a request and checks its error answer. */
async function expectError(request: PromiseLike<{ status: number; body: unknown; headers: Record<string, unknown> }>, error: { status: number; code: string; message?: string }) {
  const res = await request;
  expect(res.status).toBe(error.status);
  expect(res.body).toMatchObject(error.message ? { code: error.code, message: error.message } : { code: error.code });
  return res;
}

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

interface Account {
  email: string;
  password: string;
  id: string;
}

/** A user made in a browser of its own (which is then forgotten). */
async function newAccount(): Promise<Account> {
  const body = credentials();
  const res = await post(gateway, '/sign-up/email', '', body).expect(200);
  return { email: body.email, password: body.password, id: res.body.user.id as string };
}

/** Signs `account` in on `browser` (keeping its other cookies); answers the new token. */
async function signIn(browser: CookieJar, account: Account): Promise<string> {
  const res = await post(gateway, '/sign-in/email', browser, { email: account.email, password: account.password }).expect(200);
  browser.store(res);
  return res.body.token as string;
}

const multiNames = (browser: CookieJar) =>
  browser.header
    .split('; ')
    .filter((pair) => pair.startsWith(MULTI))
    .map((pair) => pair.slice(0, pair.indexOf('=')));

async function listed(browser: CookieJar) {
  const res = await get(gateway, '/multi-session/list-device-sessions', browser).expect(200);
  browser.store(res);
  return res.body as { session: { token: string; userId: string }; user: { id: string; email: string } }[];
}

const userIds = async (browser: CookieJar) => (await listed(browser)).map((entry) => entry.user.id).sort();
const activeId = async (browser: CookieJar) => {
  const res = await getSession(gateway, browser);
  browser.store(res);
  return (res.body?.user.id as string | undefined) ?? null;
};
/** Whether a session still exists, asked with it as a bearer token (no cookies of this browser). */
const alive = async (token: string) => (await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${token}`).expect(200)).body !== null;

describe('1. every sign-in that issues a session writes a _multi- cookie and makes the account active', () => {
  it('sign-up, password sign-in: signed, HttpOnly, named after the token, lasting as the session', async () => {
    const body = credentials();
    const signedUp = await post(gateway, '/sign-up/email', '', body).expect(200);
    const token = signedUp.body.token as string;
    const line = setCookies(signedUp).find((cookie) => cookie.startsWith(`${MULTI}${token.toLowerCase()}=`));
    expect(line).toBeDefined();
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    // Signed: the value is the token and its signature.
    expect(decodeURIComponent(line!.split(';')[0]!.split('=')[1]!)).toMatch(new RegExp(`^${token}\\.`));
    const maxAge = Number(/Max-Age=(\d+)/.exec(line!)![1]);
    expect(maxAge).toBeGreaterThan(7 * 86_400 - 60);

    const browser = new CookieJar().store(signedUp);
    const other = await newAccount();
    const second = await signIn(browser, other);
    expect(multiNames(browser).sort()).toEqual([`${MULTI}${token.toLowerCase()}`, `${MULTI}${second.toLowerCase()}`].sort());
    expect(await activeId(browser)).toBe(other.id);
  });

  it('a forged _multi- cookie (bad signature, or a name that is not its token) holds nothing', async () => {
    const browser = new CookieJar();
    const account = await newAccount();
    const token = await signIn(browser, account);
    const value = browser.get(`${MULTI}${token.toLowerCase()}`)!;
    const forged = new CookieJar(`${MULTI}${'a'.repeat(32)}=${value}; ${MULTI}${token.toLowerCase()}=${token}.AAAA`);
    expect(await listed(forged)).toEqual([]);
    await expectError(post(gateway, '/multi-session/set-active', forged, { sessionToken: token }), INVALID);
  });
});

describe('2. GET /multi-session/list-device-sessions', () => {
  it('answers [] without accounts', async () => {
    expect(await listed(new CookieJar())).toEqual([]);
  });

  it("lists each live account once with this browser's token; signing in again replaces the entry", async () => {
    const browser = new CookieJar();
    const [a, b] = [await newAccount(), await newAccount()];
    const oldA = await signIn(browser, a);
    const tokenB = await signIn(browser, b);
    const list = await listed(browser);
    expect(list.map((entry) => [entry.user.id, entry.session.token]).sort()).toEqual([
      [a.id, oldA],
      [b.id, tokenB],
    ].sort());
    expect(list[0]!.user.email).toBeDefined();

    const newA = await signIn(browser, a);
    const again = await listed(browser);
    expect(again.map((entry) => [entry.user.id, entry.session.token]).sort()).toEqual([
      [a.id, newA],
      [b.id, tokenB],
    ].sort());
    expect(multiNames(browser)).toHaveLength(2);
    expect(await alive(oldA)).toBe(false);
    await expectError(post(gateway, '/multi-session/set-active', browser, { sessionToken: oldA }), INVALID);
  });
});

describe('3. POST /multi-session/set-active', () => {
  it('switches to a held account: 200 {session, user}, the session cookie, get-session, the list unchanged', async () => {
    const browser = new CookieJar();
    const [a, b] = [await newAccount(), await newAccount()];
    const tokenA = await signIn(browser, a);
    await signIn(browser, b);
    const before = await userIds(browser);
    const res = await post(gateway, '/multi-session/set-active', browser, { sessionToken: tokenA }).expect(200);
    expect(res.body.session.token).toBe(tokenA);
    expect(res.body.user.id).toBe(a.id);
    expect(setCookies(res).some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    browser.store(res);
    expect(await activeId(browser)).toBe(a.id);
    expect(await userIds(browser)).toEqual(before);
  });

  it("refuses another browser's token (same account too), an unknown one and a banned account's: 401, nothing changes", async () => {
    const browser = new CookieJar();
    const [a, b, banned] = [await newAccount(), await newAccount(), await newAccount()];
    await signIn(browser, a);
    const bannedToken = await signIn(browser, banned);
    await signIn(browser, b);
    const elsewhere = new CookieJar();
    const otherBrowserA = await signIn(elsewhere, a);
    const admin = await signInAdmin(gateway);
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: banned.id }).expect(200);

    const before = browser.header;
    for (const sessionToken of [otherBrowserA, 'x'.repeat(32), bannedToken]) {
      const res = await expectError(post(gateway, '/multi-session/set-active', browser, { sessionToken }), INVALID);
      expect(setCookies(res)).toEqual([]);
    }
    expect(browser.header).toBe(before);
    expect(await activeId(browser)).toBe(b.id);
    expect(await alive(otherBrowserA)).toBe(true);
    expect(await userIds(browser)).toEqual([a.id, b.id].sort());
  });
});

describe('4. POST /multi-session/revoke', () => {
  it('ends a held session that is not active: it leaves the list, its cookie expires', async () => {
    const browser = new CookieJar();
    const [a, b] = [await newAccount(), await newAccount()];
    const tokenA = await signIn(browser, a);
    await signIn(browser, b);
    const res = await post(gateway, '/multi-session/revoke', browser, { sessionToken: tokenA }).expect(200);
    expect(res.body).toEqual({ status: true });
    expect(setCookies(res).find((line) => line.startsWith(`${MULTI}${tokenA.toLowerCase()}=`))).toMatch(/Max-Age=0/);
    browser.store(res);
    expect(await alive(tokenA)).toBe(false);
    expect(await userIds(browser)).toEqual([b.id]);
    expect(await activeId(browser)).toBe(b.id);
  });

  it('revoking the active one makes another held account active (the answer sets its cookie)', async () => {
    const browser = new CookieJar();
    const [a, b] = [await newAccount(), await newAccount()];
    const tokenA = await signIn(browser, a);
    const tokenB = await signIn(browser, b);
    const res = await post(gateway, '/multi-session/revoke', browser, { sessionToken: tokenB }).expect(200);
    expect(setCookies(res).some((line) => line.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0/.test(line))).toBe(true);
    browser.store(res);
    expect(browser.get(SESSION_COOKIE)).toMatch(new RegExp(`^${tokenA}`));
    expect(await activeId(browser)).toBe(a.id);
    expect(await userIds(browser)).toEqual([a.id]);
    // The last one: no account is left.
    browser.store(await post(gateway, '/multi-session/revoke', browser, { sessionToken: tokenA }).expect(200));
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(await activeId(browser)).toBeNull();
    expect(await listed(browser)).toEqual([]);
  });

  it('a token the browser does not hold is 401 and stays alive', async () => {
    const browser = new CookieJar();
    await signIn(browser, await newAccount());
    const elsewhere = new CookieJar();
    const other = await signIn(elsewhere, await newAccount());
    await expectError(post(gateway, '/multi-session/revoke', browser, { sessionToken: other }), INVALID);
    expect(await alive(other)).toBe(true);
  });
});

describe('5. at most AUTH_MULTI_SESSION_MAX accounts (default 5)', () => {
  it('the sixth sign-in drops the oldest: accounts 2–6 are listed, the sixth active', async () => {
    const browser = new CookieJar();
    const accounts: Account[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      accounts.push(await newAccount());
      tokens.push(await signIn(browser, accounts[i]!));
      gateway.clock.advance(1000);
    }
    expect(await userIds(browser)).toEqual(accounts.slice(1).map((account) => account.id).sort());
    expect(await activeId(browser)).toBe(accounts[5]!.id);
    expect(await alive(tokens[0]!)).toBe(false);
    expect(multiNames(browser)).toHaveLength(5);
  });

  it('follows the setting', async () => {
    const small = await startGateway({ features: { multiSession: { maxSessions: 2, newDeviceMail: false } } });
    try {
      const browser = new CookieJar();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const body = credentials();
        ids.push((await post(small, '/sign-up/email', '', body).expect(200)).body.user.id);
        browser.store(await post(small, '/sign-in/email', browser, { email: body.email, password: body.password }).expect(200));
        small.clock.advance(1000);
      }
      const list = (await get(small, '/multi-session/list-device-sessions', browser).expect(200)).body as { user: { id: string } }[];
      expect(list.map((entry) => entry.user.id).sort()).toEqual(ids.slice(1).sort());
    } finally {
      await small.close();
    }
  });
});

describe('6. POST /sign-out ends every account of the browser', () => {
  it('every session ends, no cookie is left, old copies list nothing and cannot switch', async () => {
    const browser = new CookieJar();
    const [a, b] = [await newAccount(), await newAccount()];
    const tokenA = await signIn(browser, a);
    const tokenB = await signIn(browser, b);
    const copy = new CookieJar(browser.header);
    browser.store(await post(gateway, '/sign-out', browser).expect(200));
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(multiNames(browser)).toEqual([]);
    expect(await alive(tokenA)).toBe(false);
    expect(await alive(tokenB)).toBe(false);
    expect(await listed(copy)).toEqual([]);
    await expectError(post(gateway, '/multi-session/set-active', new CookieJar(copy.header), { sessionToken: tokenA }), INVALID);
    expect(await activeId(new CookieJar(copy.header))).toBeNull();
  });
});

describe('7. a second-factor account joins only once the challenge is answered', () => {
  it('neither listed nor active during the challenge, nor after a wrong answer; then both', async () => {
    const twoFactor = await newAccount();
    const own = new CookieJar();
    await signIn(own, twoFactor);
    const enrolment = await turnOnTwoFactor(gateway, own, twoFactor.password);

    const browser = new CookieJar();
    const plain = await newAccount();
    await signIn(browser, plain);
    const challenged = await post(gateway, '/sign-in/email', browser, { email: twoFactor.email, password: twoFactor.password }).expect(200);
    expect(challenged.body.twoFactorRedirect).toBe(true);
    browser.store(challenged);
    expect(await userIds(browser)).toEqual([plain.id]);
    expect(await activeId(browser)).toBe(plain.id);

    await post(gateway, '/two-factor/verify-totp', browser, { code: enrolment.wrongCode() }).expect(401);
    expect(await userIds(browser)).toEqual([plain.id]);
    expect(await activeId(browser)).toBe(plain.id);

    const answered = await post(gateway, '/two-factor/verify-totp', browser, { code: enrolment.code() }).expect(200);
    browser.store(answered);
    gateway.clock.advance(30_000);
    expect(multiNames(browser)).toHaveLength(2);
    expect(await userIds(browser)).toEqual([plain.id, twoFactor.id].sort());
    expect(await activeId(browser)).toBe(twoFactor.id);
  });
});

describe('8. the active session ended elsewhere: get-session answers another live held account', () => {
  async function twoHeld() {
    const browser = new CookieJar();
    const [a, b] = [await newAccount(), await newAccount()];
    await signIn(browser, a);
    const tokenB = await signIn(browser, b);
    return { browser, a, b, tokenB };
  }

  async function fallsBackTo(browser: CookieJar, a: Account, b: Account) {
    expect(await activeId(browser)).toBe(a.id);
    expect(await activeId(browser)).toBe(a.id);
    expect(await userIds(browser)).toEqual([a.id]);
    expect(multiNames(browser)).toHaveLength(1);
    void b;
  }

  it('revoked from another browser', async () => {
    const { browser, a, b, tokenB } = await twoHeld();
    const elsewhere = new CookieJar();
    await signIn(elsewhere, b);
    await post(gateway, '/revoke-session', elsewhere, { token: tokenB }).expect(200);
    await fallsBackTo(browser, a, b);
  });

  it('revoked by an administrator, and by a ban', async () => {
    const admin = await signInAdmin(gateway);
    const first = await twoHeld();
    await adminPost(gateway, 'revoke-user-sessions', admin.cookie, { userId: first.b.id }).expect(200);
    await fallsBackTo(first.browser, first.a, first.b);
    const second = await twoHeld();
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: second.b.id }).expect(200);
    await fallsBackTo(second.browser, second.a, second.b);
  });

  it('by a password change that revokes the other sessions', async () => {
    const { browser, a, b } = await twoHeld();
    const elsewhere = new CookieJar();
    await signIn(elsewhere, b);
    await post(gateway, '/change-password', elsewhere, { currentPassword: b.password, newPassword: 'another fine password', revokeOtherSessions: true }).expect(200);
    await fallsBackTo(browser, a, b);
  });

  it('answers null when no held account is left', async () => {
    const browser = new CookieJar();
    const a = await newAccount();
    const token = await signIn(browser, a);
    const elsewhere = new CookieJar();
    await signIn(elsewhere, a);
    await post(gateway, '/revoke-session', elsewhere, { token }).expect(200);
    expect(await activeId(browser)).toBeNull();
    expect(await listed(browser)).toEqual([]);
  });
});

describe('8 behind two instances: the cookie cache and the shared Redis session cache', () => {
  for (const storage of ['database', 'redis'] as const) {
    it(`AUTH_SESSION_STORAGE=${storage}: a session revoked on B is replaced by another held account on A's next get-session, and stays so`, async () => {
      const both: Instances = await startInstances({ storage });
      try {
        const { a, b } = both;
        const account = async (gw: TestGateway) => {
          const body = credentials();
          const id = (await post(gw, '/sign-up/email', '', body).expect(200)).body.user.id as string;
          return { ...body, id };
        };
        const [first, second] = [await account(a), await account(b)];
        const browser = new CookieJar();
        browser.store(await post(a, '/sign-in/email', browser, { email: first.email, password: first.password }).expect(200));
        const signedIn = await post(b, '/sign-in/email', browser, { email: second.email, password: second.password }).expect(200);
        browser.store(signedIn);
        // Both instances answer the active account, A from its cookie cache too.
        for (const gw of [a, b]) browser.store(await getSession(gw, browser));
        expect((await getSession(a, browser)).body.user.id).toBe(second.id);

        const elsewhere = new CookieJar();
        elsewhere.store(await post(b, '/sign-in/email', elsewhere, { email: second.email, password: second.password }).expect(200));
        await post(b, '/revoke-session', elsewhere, { token: signedIn.body.token }).expect(200);

        for (const gw of [a, b, a]) {
          const res = await getSession(gw, browser);
          browser.store(res);
          expect(res.body.user.id).toBe(first.id);
        }
        const list = (await get(b, '/multi-session/list-device-sessions', browser).expect(200)).body as { user: { id: string } }[];
        expect(list.map((entry) => entry.user.id)).toEqual([first.id]);
      } finally {
        await both.close();
      }
    });
  }
});

describe('bad input', () => {
  it('a missing or malformed sessionToken is 400', async () => {
    await expectError(post(gateway, '/multi-session/set-active', '', {}), { status: 400, code: 'VALIDATION_ERROR' });
    await expectError(post(gateway, '/multi-session/revoke', '', { sessionToken: 5 }), { status: 400, code: 'VALIDATION_ERROR' });
  });
});
