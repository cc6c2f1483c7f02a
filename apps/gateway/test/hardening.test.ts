import { TOKENS } from '../src/tokens.js';
import { credentials, ORIGIN, setCookies, signUp, startGateway, type TestGateway } from './harness/index.js';

const COMPROMISED = { code: 'PASSWORD_COMPROMISED', message: 'Password is too common. Choose a different password.' };
const INVALID_ORIGIN = { code: 'INVALID_ORIGIN', message: 'Invalid origin' };

describe('login CSRF: POST /sign-in/email without cookies', () => {
  let gateway: TestGateway;
  let account: { email: string; password: string };
  beforeAll(async () => {
    gateway = await startGateway();
    const { body } = await signUp(gateway);
    account = { email: body.email, password: body.password };
  });
  afterAll(() => gateway.close());

  const signIn = (headers: Record<string, string>) => gateway.http.post('/api/auth/sign-in/email').set(headers).send(account);

  it.each([
    ['an untrusted Origin', { Origin: 'https://evil.example' }],
    ['an untrusted Referer and no Origin', { Referer: 'https://evil.example/x' }],
    ['Sec-Fetch-Site: cross-site and no Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['an untrusted Origin that a trusted Referer cannot excuse', { Origin: 'https://evil.example', Referer: `${ORIGIN}/sign-in` }],
    ['Origin: null with an untrusted Referer', { Origin: 'null', Referer: 'https://evil.example/x' }],
  ])('answers 403 INVALID_ORIGIN to %s, and sets no cookie', async (_name, headers) => {
    const res = await signIn(headers).expect(403);
    expect(res.body).toEqual(INVALID_ORIGIN);
    expect(setCookies(res)).toEqual([]);
  });

  it('signs in an API client that sends no Origin, Referer, Sec-Fetch-Site or cookie', async () => {
    const res = await signIn({}).expect(200);
    expect(res.body.user.email).toBe(account.email);
  });

  it('signs in a browser on the trusted origin, cross-site fetch metadata or not', async () => {
    await signIn({ Origin: ORIGIN }).expect(200);
    await signIn({ Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' }).expect(200);
    await signIn({ Referer: `${ORIGIN}/sign-in` }).expect(200);
  });
});

describe('common-password screening', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());
  const db = () => gateway.container.get(TOKENS.Database);

  // `ｐａｓｓｗｏｒｄ１２３` is password123 in full-width forms: the same password once NFKC-normalised.
  const FULL_WIDTH = 'password123'.replace(/[a-z0-9]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));

  it.each(['password123', '12345678', 'qwertyuiop', 'PASSWORD123', FULL_WIDTH])('refuses sign-up with %j: 400 PASSWORD_COMPROMISED, no user', async (password) => {
    expect(FULL_WIDTH.normalize('NFKC')).toBe('password123');
    const body = credentials({ password });
    const res = await gateway.http.post('/api/auth/sign-up/email').send(body).expect(400);
    expect(res.body).toEqual(COMPROMISED);
    expect(await db().user.count({ where: { email: body.email } })).toBe(0);
  });

  it('refuses a common new password on change-password and keeps the old one', async () => {
    const { body, cookie } = await signUp(gateway);
    for (const newPassword of ['password123', FULL_WIDTH]) {
      const res = await gateway.http
        .post('/api/auth/change-password')
        .set('Cookie', cookie)
        .set('Origin', ORIGIN)
        .send({ currentPassword: body.password, newPassword })
        .expect(400);
      expect(res.body).toEqual(COMPROMISED);
    }
    await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(200);
  });

  it('refuses a common new password on reset-password and keeps the token usable', async () => {
    const { body, user } = await signUp(gateway);
    await gateway.http.post('/api/auth/request-password-reset').send({ email: body.email }).expect(200);
    const record = await db().verification.findFirst({ where: { value: user.id, identifier: { startsWith: 'reset-password:' } } });
    const token = record!.identifier.slice('reset-password:'.length);
    const res = await gateway.http.post('/api/auth/reset-password').send({ token, newPassword: 'PASSWORD123' }).expect(400);
    expect(res.body).toEqual(COMPROMISED);
    await gateway.http.post('/api/auth/reset-password').send({ token, newPassword: 'an uncommon passphrase' }).expect(200);
  });

  it('accepts an uncommon password that contains a common one', async () => {
    await gateway.http.post('/api/auth/sign-up/email').send(credentials({ password: 'password123 but longer and mine' })).expect(200);
  });
});

describe('common-password screening switched off', () => {
  it('accepts password123 on sign-up when passwordScreening is false', async () => {
    const gateway = await startGateway({ passwordScreening: false });
    try {
      await gateway.http.post('/api/auth/sign-up/email').send(credentials({ password: 'password123' })).expect(200);
    } finally {
      await gateway.close();
    }
  });
});

describe('username rules on POST /sign-in/username', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it.each([
    ['ab', 'USERNAME_IS_TOO_SHORT', 'username is too short'],
    ['a'.repeat(31), 'USERNAME_IS_TOO_LONG', 'username is too long'],
    ['bad name!', 'USERNAME_IS_INVALID', 'username is invalid'],
  ])('answers 422 for %j before any lookup', async (username, code, message) => {
    const res = await gateway.http.post('/api/auth/sign-in/username').send({ username, password: 'whatever password' }).expect(422);
    expect(res.body).toEqual({ code, message });
    expect(setCookies(res)).toEqual([]);
  });

  it('answers 401 INVALID_USERNAME_OR_PASSWORD for a well-formed unknown username of the longest length', async () => {
    const res = await gateway.http.post('/api/auth/sign-in/username').send({ username: 'a'.repeat(30), password: 'whatever password' }).expect(401);
    expect(res.body.code).toBe('INVALID_USERNAME_OR_PASSWORD');
  });
});

describe('security headers', () => {
  let gateway: TestGateway;
  let cookie: string;
  beforeAll(async () => {
    gateway = await startGateway();
    ({ cookie } = await signUp(gateway));
  });
  afterAll(() => gateway.close());

  const answers = () => [
    ['a JSON route', gateway.http.get('/api/auth/get-session').set('Cookie', cookie), 200],
    ['a POST route', gateway.http.post('/api/auth/update-user').set('Cookie', cookie).set('Origin', ORIGIN).send({ name: 'Ada' }), 200],
    ['a 404 under the auth path', gateway.http.get('/api/auth/nope'), 404],
    ['a 401', gateway.http.post('/api/auth/update-user').send({ name: 'x' }), 401],
    ['a 403 origin refusal', gateway.http.post('/api/auth/sign-in/email').set('Origin', 'https://evil.example').send({}), 403],
    ['a 400 validation error', gateway.http.post('/api/auth/sign-in/email').send({ email: 1 }), 400],
    ['a 400 malformed JSON body', gateway.http.post('/api/auth/sign-in/email').set('Content-Type', 'application/json').send('{"email":'), 400],
  ] as const;

  it('sends nosniff, no-referrer, frame denial and no-store on every auth answer', async () => {
    for (const [name, request, status] of answers()) {
      const res = await request;
      expect({ name, status: res.status }).toEqual({ name, status });
      expect({ name, headers: pick(res.headers) }).toEqual({
        name,
        headers: { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY', 'cache-control': 'no-store' },
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends nosniff, a referrer policy and frame denial on a 404 outside the auth path too', async () => {
    const res = await gateway.http.get('/nope').expect(404);
    expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it("gives the /error page one CSP, with default-src 'none' and no scripts", async () => {
    const res = await gateway.http.get('/api/auth/error?error=x').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(typeof csp).toBe('string');
    expect(csp).toMatch(/^default-src 'none'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

function pick(headers: Record<string, string>) {
  const { 'x-content-type-options': nosniff, 'referrer-policy': referrer, 'x-frame-options': frame, 'cache-control': cache } = headers;
  return { 'x-content-type-options': nosniff, 'referrer-policy': referrer, 'x-frame-options': frame, 'cache-control': cache };
}
