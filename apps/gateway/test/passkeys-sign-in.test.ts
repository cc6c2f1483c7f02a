// Passkeys, issue 22: signing in with a passkey through the one sign-in pipeline. The software
// authenticator signs real assertions; each failure case spoils exactly one thing.
import type { ChallengePolicy } from '@tend/identity';
import { PASSKEY_ERRORS, PASSKEY_SIGN_IN_ERRORS, type AuthenticationResponseJSON } from '@tend/passkeys';
import { bindValue, token } from '../src/di.js';
import { namedCookie } from '../src/http/cookies.js';
import { MODULES, defaultConfig, type GatewayModule } from '../src/index.js';
import { PASSKEYS } from '../src/modules/passkeys/tokens.js';
import {
  BANNED,
  CHALLENGE_COOKIE,
  CookieJar,
  PASSKEY_RP_ID,
  addPasskey,
  adminPost,
  auditLog,
  authenticateOptions,
  authenticator,
  codeTo,
  expectError,
  getSession,
  newUser,
  requestCode,
  setCookieNamed,
  signInAdmin,
  signInWithPasskey,
  signUp,
  startGateway,
  verifyAuthentication,
  type MailTestGateway,
  type TestGateway,
} from './harness/index.js';

const SESSION_COOKIE = 'tend.session_token';

describe('POST /passkey/verify-authentication', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  /** A user with one passkey on `device`. */
  async function enrolled(device = authenticator()) {
    const client = await newUser(gateway, 'Ada');
    expect((await addPasskey(gateway, client, device, { name: 'Laptop' })).status).toBe(200);
    return { client, device };
  }

  it('GET /passkey/generate-authenticate-options answers {challenge, rpId} with a new challenge in an HttpOnly cookie, without a session', async () => {
    const browser = { jar: new CookieJar() };
    const first = await authenticateOptions(gateway, browser);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), rpId: PASSKEY_RP_ID, userVerification: 'preferred' });
    expect(setCookieNamed(first, CHALLENGE_COOKIE)).toMatch(/HttpOnly/i);
    expect((await authenticateOptions(gateway, browser)).body.challenge).not.toBe(first.body.challenge);
  });

  it('signs in: 200 {session, user} and the session cookie; the counter is stored', async () => {
    const { client, device } = await enrolled();
    const res = await signInWithPasskey(gateway, device);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ session: expect.objectContaining({ userId: client.user.id, token: expect.any(String) }), user: expect.objectContaining({ id: client.user.id, email: client.user.email }) });
    expect(res.browser.jar.has(SESSION_COOKIE)).toBe(true);
    expect(res.browser.jar.has(CHALLENGE_COOKIE)).toBe(false);
    expect((await getSession(gateway, res.browser.jar)).body.user.id).toBe(client.user.id);
    expect((await client.get('/passkey/list-user-passkeys')).body[0].counter).toBe(1);
    // And again, with the next counter.
    expect((await signInWithPasskey(gateway, device)).status).toBe(200);
  });

  it('answers 400 CHALLENGE_NOT_FOUND to a replayed answer', async () => {
    const { device } = await enrolled();
    const first = await signInWithPasskey(gateway, device);
    expect(first.status).toBe(200);
    const replay = await verifyAuthentication(gateway, first.browser, first.response);
    expectError(replay, PASSKEY_ERRORS.CHALLENGE_NOT_FOUND);
  });

  it('answers 400 CHALLENGE_NOT_FOUND from another browser (no challenge cookie) and without an options call', async () => {
    const { device } = await enrolled();
    const browser = { jar: new CookieJar() };
    const options = (await authenticateOptions(gateway, browser)).body;
    const response = device.authenticate(options);
    const res = await verifyAuthentication(gateway, { jar: new CookieJar() }, response);
    expectError(res, PASSKEY_ERRORS.CHALLENGE_NOT_FOUND);
    expect(setCookieNamed(res, SESSION_COOKIE)).toBeUndefined();
    // A forged cookie is no cookie.
    expectError(await verifyAuthentication(gateway, { jar: new CookieJar(`${CHALLENGE_COOKIE}=forged.value`) }, response), PASSKEY_ERRORS.CHALLENGE_NOT_FOUND);
  });

  it.each([
    ["another key's signature", () => ({ signWith: authenticator() })],
    ['a wrong challenge', () => ({ challenge: 'd3JvbmctY2hhbGxlbmdl' })],
    ['a wrong origin', () => ({ origin: 'https://evil.example' })],
    ['a wrong rp id', () => ({ rpID: 'evil.example' })],
    ['the wrong ceremony type', () => ({ type: 'webauthn.create' })],
  ])('answers 401 AUTHENTICATION_FAILED to %s, and no session', async (_case, overrides) => {
    const { device } = await enrolled();
    const res = await signInWithPasskey(gateway, device, overrides());
    expectError(res, PASSKEY_SIGN_IN_ERRORS.AUTHENTICATION_FAILED);
    expect(res.browser.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('answers 401 AUTHENTICATION_FAILED when the signature counter is not above the stored one', async () => {
    const { device } = await enrolled();
    expect((await signInWithPasskey(gateway, device, { counter: 5 })).status).toBe(200);
    expectError(await signInWithPasskey(gateway, device, { counter: 5 }), PASSKEY_SIGN_IN_ERRORS.AUTHENTICATION_FAILED);
    expectError(await signInWithPasskey(gateway, device, { counter: 4 }), PASSKEY_SIGN_IN_ERRORS.AUTHENTICATION_FAILED);
    expectError(await signInWithPasskey(gateway, device, { counter: 0 }), PASSKEY_SIGN_IN_ERRORS.AUTHENTICATION_FAILED);
    expect((await signInWithPasskey(gateway, device, { counter: 6 })).status).toBe(200);
  });

  it('accepts an authenticator that keeps no counter (0 and 0) every time', async () => {
    const { device } = await enrolled(authenticator({ counts: false }));
    expect((await signInWithPasskey(gateway, device)).status).toBe(200);
    expect((await signInWithPasskey(gateway, device)).status).toBe(200);
  });

  it('answers 401 AUTHENTICATION_FAILED to malformed assertions, never a 5xx', async () => {
    const { device } = await enrolled();
    const spoilers = [
      (r: AuthenticationResponseJSON) => ({ ...r, response: { ...r.response, signature: 'AAAA' } }),
      (r: AuthenticationResponseJSON) => ({ ...r, response: { ...r.response, authenticatorData: 'AA' } }),
      (r: AuthenticationResponseJSON) => ({ ...r, response: { ...r.response, clientDataJSON: 'bm90IGpzb24' } }),
      (r: AuthenticationResponseJSON) => ({ ...r, response: { ...r.response, signature: '' } }),
    ];
    for (const spoil of spoilers) {
      const browser = { jar: new CookieJar() };
      const options = (await authenticateOptions(gateway, browser)).body;
      expectError(await verifyAuthentication(gateway, browser, spoil(device.authenticate(options))), PASSKEY_SIGN_IN_ERRORS.AUTHENTICATION_FAILED);
    }
  });

  it('answers 401 PASSKEY_NOT_FOUND for an unknown credential and for a deleted one', async () => {
    expectError(await signInWithPasskey(gateway, authenticator()), PASSKEY_SIGN_IN_ERRORS.PASSKEY_NOT_FOUND);
    const { client, device } = await enrolled();
    const [passkey] = (await client.get('/passkey/list-user-passkeys')).body;
    expect((await client.post('/passkey/delete-passkey', { id: passkey.id })).status).toBe(200);
    expectError(await signInWithPasskey(gateway, device), PASSKEY_SIGN_IN_ERRORS.PASSKEY_NOT_FOUND);
  });

  it('answers 403 BANNED_USER for a banned user, and no session', async () => {
    const { client, device } = await enrolled();
    const admin = await signInAdmin(gateway);
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: client.user.id }).expect(200);
    const res = await signInWithPasskey(gateway, device);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(BANNED);
    expect(res.browser.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('lets one of two parallel answers to one challenge win', async () => {
    const { device } = await enrolled();
    const browser = { jar: new CookieJar() };
    const options = (await authenticateOptions(gateway, browser)).body;
    const response = device.authenticate(options);
    const results = await Promise.all([verifyAuthentication(gateway, { jar: new CookieJar(browser.jar.header) }, response), verifyAuthentication(gateway, { jar: new CookieJar(browser.jar.header) }, response)]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it('records sign-in.success with the passkey method and each failure with its reason', async () => {
    const { client, device } = await enrolled();
    await signInWithPasskey(gateway, device);
    await signInWithPasskey(gateway, device, { signWith: authenticator() });
    const admin = await signInAdmin(gateway);
    const success = (await auditLog(gateway, admin.cookie, { userId: client.user.id, action: 'sign-in.success' })).events;
    expect(success.map((event) => event.detail)).toContainEqual(expect.objectContaining({ method: 'passkey' }));
    const failures = (await auditLog(gateway, admin.cookie, { action: 'sign-in.failure' })).events;
    expect(failures.map((event) => event.detail)).toContainEqual({ method: 'passkey', reason: 'AUTHENTICATION_FAILED' });
  });
});

describe('passkey sign-in and second-factor policies', () => {
  /** Like the two-factor policy, for passkey sign-ins only (so the test's sign-ups pass): one factor is challenged. */
  const secondFactor: ChallengePolicy = {
    name: 'probe',
    demand: async (proof) => (proof.method !== 'passkey' || proof.factors.length >= 2 ? null : { policy: 'probe', methods: ['totp'] }),
  };
  const POLICY = token<ChallengePolicy>('SecondFactorProbe');
  const probeModule: GatewayModule = {
    name: 'probe',
    bind: (c) => bindValue(c, POLICY, secondFactor),
    endpoints: [],
    challenges: [
      {
        policy: 'probe',
        policyToken: POLICY,
        cookie: namedCookie({ name: 'probe_challenge', maxAge: 600, purpose: 'A pending probe sign-in.' }),
        reply: (demand) => ({ twoFactorRedirect: true, twoFactorMethods: [...demand.methods] }),
        page: '/sign-in/probe',
      },
    ],
  };

  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({}, { modules: [...MODULES, probeModule] });
  });
  afterAll(() => gateway.close());

  /** A user with one passkey. */
  async function enrolled(device: ReturnType<typeof authenticator>) {
    const client = await newUser(gateway, 'Ada');
    expect((await addPasskey(gateway, client, device)).status).toBe(200);
    return client;
  }

  it('a passkey with user verification is two factors: a session, no challenge', async () => {
    const device = authenticator({ userVerified: true });
    await enrolled(device);
    const res = await signInWithPasskey(gateway, device);
    expect(res.status).toBe(200);
    expect(res.body.session).toBeDefined();
  });

  it('a passkey without user verification is one factor: the challenge reply and cookie, no session', async () => {
    const device = authenticator({ userVerified: false });
    await enrolled(device);
    const res = await signInWithPasskey(gateway, device);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(res.browser.jar.has('tend.probe_challenge')).toBe(true);
    expect(res.browser.jar.has(SESSION_COOKIE)).toBe(false);
  });
});

describe("beyond better-auth: a pre-hijacker's passkeys", () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ emailVerification: { sendOnSignUp: false, autoSignInAfterVerification: false } }, { mail: true });
  });
  afterAll(() => gateway.close());

  it('go when the address owner claims the unverified account by a mailed code', async () => {
    const squatter = await signUp(gateway);
    const jar = new CookieJar(squatter.cookie);
    const device = authenticator();
    expect((await addPasskey(gateway, { jar }, device)).status).toBe(200);
    await requestCode(gateway, squatter.body.email).expect(200);
    await gateway.http.post('/api/auth/sign-in/email-otp').send({ email: squatter.body.email, otp: await codeTo(gateway, squatter.body.email) }).expect(200);
    expect(await gateway.container.get(PASSKEYS.Repository).listByUser(squatter.user.id)).toEqual([]);
    expectError(await signInWithPasskey(gateway, device), PASSKEY_SIGN_IN_ERRORS.PASSKEY_NOT_FOUND);
    const admin = await signInAdmin(gateway);
    const [claimed] = (await auditLog(gateway, admin.cookie, { userId: squatter.user.id, action: 'account.claimed' })).events;
    expect(claimed?.detail).toMatchObject({ revoked: expect.arrayContaining(['passkeys']) });
  });
});

describe('rate limits of passkey sign-in', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ rateLimit: { ...defaultConfig({ secret: 'x'.repeat(32) }).rateLimit, enabled: true } });
  });
  afterAll(() => gateway.close());

  it('allows 5 answers per 10 s per client, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await verifyAuthentication(gateway, { jar: new CookieJar() }, authenticator().authenticate({ challenge: 'AAAA', rpId: PASSKEY_RP_ID }))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('allows 10 options calls per 10 s per client, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await authenticateOptions(gateway, { jar: new CookieJar() })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
