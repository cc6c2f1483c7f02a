import { credentials, ORIGIN, setCookies, signUp, startGateway, type TestGateway } from './harness/index.js';

describe('origin and redirect checks', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ trustedOrigins: ['http://localhost:3001'] });
  });
  afterAll(() => gateway.close());

  it('answers 403 INVALID_ORIGIN to a cookie-carrying POST from an untrusted origin', async () => {
    const { cookie } = await signUp(gateway);
    const res = await gateway.http.post('/api/auth/revoke-sessions').set('Cookie', cookie).set('Origin', 'https://evil.example').send({}).expect(403);
    expect(res.body).toEqual({ code: 'INVALID_ORIGIN', message: 'Invalid origin' });
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', cookie)).body).not.toBeNull();
  });

  it('answers 403 to a cookie-carrying POST with neither Origin nor Referer', async () => {
    const { cookie } = await signUp(gateway);
    await gateway.http.post('/api/auth/sign-out').set('Cookie', cookie).send({}).expect(403);
  });

  it('accepts the base URL, a configured trusted origin, and a trusted Referer', async () => {
    for (const headers of [{ Origin: ORIGIN }, { Origin: 'http://localhost:3001' }, { Referer: 'http://localhost:3001/account' }]) {
      const { cookie } = await signUp(gateway);
      await gateway.http.post('/api/auth/revoke-other-sessions').set('Cookie', cookie).set(headers).send({}).expect(200);
    }
  });

  it('does not ask cookie-less clients (bearer tokens) for an origin', async () => {
    const { token } = await signUp(gateway);
    await gateway.http.post('/api/auth/revoke-other-sessions').set('Authorization', `Bearer ${token}`).send({}).expect(200);
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'http://localhost:3000.evil.example/'])(
    'answers 403 Invalid callbackURL for %j',
    async (callbackURL) => {
      const res = await gateway.http.post('/api/auth/sign-in/email').send({ email: 'a@example.com', password: 'whatever1', callbackURL }).expect(403);
      expect(res.body).toEqual({ code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' });
    },
  );

  it('checks every redirect field by name, in body and query', async () => {
    const body = await gateway.http.post('/api/auth/sign-up/email').send(credentials({ newUserCallbackURL: 'https://evil.example' })).expect(403);
    expect(body.body).toEqual({ code: 'INVALID_NEWUSERCALLBACKURL', message: 'Invalid newUserCallbackURL' });
    const query = await gateway.http.get('/api/auth/get-session?errorCallbackURL=https://evil.example').expect(403);
    expect(query.body.message).toBe('Invalid errorCallbackURL');
  });
});

describe('secure cookies', () => {
  it('uses Secure __Secure- cookies when the base URL is https', async () => {
    const gateway = await startGateway({ baseURL: 'https://tend.example' });
    try {
      const res = await gateway.http.post('/api/auth/sign-up/email').send(credentials()).expect(200);
      const cookie = setCookies(res).find((c) => c.startsWith('__Secure-tend.session_token='));
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
    } finally {
      await gateway.close();
    }
  });
});

describe('malformed requests', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ bodyLimit: '1kb' });
  });
  afterAll(() => gateway.close());

  it('answers 400 INVALID_JSON to malformed JSON, without a stack trace', async () => {
    const res = await gateway.http.post('/api/auth/sign-in/email').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(res.body).toEqual({ code: 'INVALID_JSON', message: 'Malformed JSON body' });
  });

  it('answers 413 to an oversize body', async () => {
    const res = await gateway.http.post('/api/auth/sign-up/email').send(credentials({ bio: 'x'.repeat(5000) })).expect(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['[]', 'VALIDATION_ERROR'],
    ['"text"', 'INVALID_JSON'],
    ['null', 'INVALID_JSON'],
    ['42', 'INVALID_JSON'],
  ])('answers 400 to the JSON body %s (%s): only objects are accepted', async (raw, code) => {
    const res = await gateway.http.post('/api/auth/sign-in/email').set('Content-Type', 'application/json').send(raw);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });

  it('answers 400 VALIDATION_ERROR to a form-encoded body instead of JSON', async () => {
    const res = await gateway.http.post('/api/auth/sign-in/email').type('form').send('email=a@example.com&password=x').expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers a JSON 404 for unknown routes, and for the server-only set-password', async () => {
    for (const path of ['/api/auth/nope', '/nope', '/api/auth/set-password']) {
      const res = await gateway.http.post(path).send({}).expect(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
    }
  });
});

describe('misc routes', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('GET /ok answers {ok: true}', async () => {
    await gateway.http.get('/api/auth/ok').expect(200, { ok: true });
  });

  it('GET /error shows the code, "Unknown" by default, escaped, with a Return to Application link', async () => {
    const plain = await gateway.http.get('/api/auth/error').expect(200).expect('Content-Type', /html/);
    expect(plain.text).toContain('<code id="error-code">Unknown</code>');
    expect(plain.text).toContain(`<a href="${ORIGIN}">Return to Application</a>`);
    const coded = await gateway.http.get('/api/auth/error?error=please_restart_the_process').expect(200);
    expect(coded.text).toContain('please_restart_the_process');
    const hostile = await gateway.http.get('/api/auth/error?error=%3Cscript%3Ealert(1)%3C/script%3E').expect(200);
    expect(hostile.text).not.toContain('<script>');
    expect(hostile.text).toContain('&lt;script&gt;');
  });
});

describe('POST /update-user', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());
  const update = (cookie: string, body: object) => gateway.http.post('/api/auth/update-user').set('Cookie', cookie).set('Origin', ORIGIN).send(body);

  it('updates name, image and custom fields', async () => {
    const { cookie } = await signUp(gateway);
    await update(cookie, { name: 'Ada King', image: 'https://img.example/a.png', bio: 'calm' }).expect(200, { status: true });
    const res = await gateway.http.get('/api/auth/get-session').set('Cookie', cookie);
    expect(res.body.user).toMatchObject({ name: 'Ada King', image: 'https://img.example/a.png', bio: 'calm' });
  });

  it('answers 400 EMAIL_CAN_NOT_BE_UPDATED when the body contains an email', async () => {
    const { cookie } = await signUp(gateway);
    const res = await update(cookie, { email: 'new@example.com' }).expect(400);
    expect(res.body).toEqual({ code: 'EMAIL_CAN_NOT_BE_UPDATED', message: 'Email can not be updated' });
  });

  it('ignores admin and other non-input fields', async () => {
    const { cookie } = await signUp(gateway);
    await update(cookie, { name: 'Still user', role: 'admin', banned: true, tokenBalance: 5000, emailVerified: true }).expect(200);
    const res = await gateway.http.get('/api/auth/get-session').set('Cookie', cookie);
    expect(res.body.user).toMatchObject({ name: 'Still user', role: 'user', banned: false, tokenBalance: 0, emailVerified: false });
    const nothing = await update(cookie, { role: 'admin' }).expect(400);
    expect(nothing.body.code).toBe('NO_FIELDS_TO_UPDATE');
  });

  it('answers 401 without a session and 400 VALIDATION_ERROR for a bad image URL', async () => {
    await gateway.http.post('/api/auth/update-user').send({ name: 'x' }).expect(401);
    const { cookie } = await signUp(gateway);
    const res = await update(cookie, { image: 'javascript:alert(1)' }).expect(400);
    expect(res.body.issues[0].path).toBe('image');
  });
});
