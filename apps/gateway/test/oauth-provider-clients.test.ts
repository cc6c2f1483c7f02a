// The identity provider's clients over HTTP (issue 31, items 3-6): their owner's management, RFC
// 7591 dynamic registration, site admins' clients; no answer ever holds a secret but the one
// that creates or rotates it.
import { BASE, ORIGIN, REDIRECT_URI, createOAuthClient, signInAdmin, signUp, startGateway, tokenRequest, type TestGateway } from './harness/index.js';

const oauthOn = (dynamicRegistration: boolean) => ({ oauthProvider: { scopes: ['openid', 'profile', 'email', 'offline_access', 'moods:read'], dynamicRegistration, signingAlgorithm: 'EdDSA' as const, keyRotationDays: 0, refreshGraceSeconds: 5 } });

/** No field of an answer holds the secret or its hash. */
function expectNoSecret(body: unknown, secret?: string): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/secret_hash|secretHash/i);
  if (secret) expect(text).not.toContain(secret);
}

describe('identity provider: clients of their owner', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ features: oauthOn(false) });
  });
  afterAll(() => gateway.close());

  const post = (path: string, cookie: string, body: object) => gateway.http.post(`${BASE}${path}`).set('Cookie', cookie).set('Origin', ORIGIN).send(body);
  const get = (path: string, cookie: string, query: Record<string, string> = {}) => gateway.http.get(`${BASE}${path}`).set('Cookie', cookie).query(query);

  it('needs a session to create a client (401)', async () => {
    const res = await gateway.http.post(`${BASE}/oauth2/create-client`).set('Origin', ORIGIN).send({ redirect_uris: [REDIRECT_URI] }).expect(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('creates a confidential client by default: 201 with the secret once, client_secret_basic, user_id', async () => {
    const { cookie, user } = await signUp(gateway);
    const created = await createOAuthClient(gateway, cookie, { client_uri: 'https://app.example', logo_uri: 'https://app.example/logo.png' });
    expect(created).toMatchObject({
      client_name: 'Mood Journal',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret_expires_at: 0,
      user_id: user.id,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    });
    expect(created.client_id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(created.client_secret).toMatch(/^[A-Za-z0-9]{48}$/);
    const listed = (await get('/oauth2/get-clients', cookie).expect(200)).body;
    expect(listed).toEqual([expect.objectContaining({ client_id: created.client_id })]);
    const one = (await get('/oauth2/get-client', cookie, { client_id: created.client_id }).expect(200)).body;
    expect(one).toMatchObject({ client_id: created.client_id, client_uri: 'https://app.example' });
    for (const body of [listed, one]) expectNoSecret(body, created.client_secret);
  });

  it('gives a public client (none) no secret', async () => {
    const { cookie } = await signUp(gateway);
    const created = await createOAuthClient(gateway, cookie, { token_endpoint_auth_method: 'none' });
    expect(created).not.toHaveProperty('client_secret');
    expect(created).toMatchObject({ token_endpoint_auth_method: 'none', public: true });
  });

  it.each([
    [{ redirect_uris: ['http://app.example/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['not a url'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: [REDIRECT_URI], grant_types: ['refresh_token'] }, 'invalid_client_metadata'],
    [{ redirect_uris: [REDIRECT_URI], scope: 'openid nonsense' }, 'invalid_client_metadata'],
  ])('refuses %j with 400 %s', async (body, error) => {
    const { cookie } = await signUp(gateway);
    const res = await post('/oauth2/create-client', cookie, body).expect(400);
    expect(res.body).toMatchObject({ error });
  });

  it('keeps end-session and post-logout URIs for site admins: an owner’s are ignored', async () => {
    const { cookie } = await signUp(gateway);
    const created = await createOAuthClient(gateway, cookie, { enable_end_session: true, post_logout_redirect_uris: ['https://app.example/bye'] });
    expect(created).toMatchObject({ enable_end_session: false, post_logout_redirect_uris: [] });
  });

  it('lets its owner update, rotate and delete it; another user gets 404 for each', async () => {
    const owner = await signUp(gateway);
    const stranger = await signUp(gateway);
    const created = await createOAuthClient(gateway, owner.cookie);
    for (const [path, body] of [
      ['/oauth2/update-client', { client_id: created.client_id, update: { client_name: 'Stolen' } }],
      ['/oauth2/client/rotate-secret', { client_id: created.client_id }],
      ['/oauth2/delete-client', { client_id: created.client_id }],
    ] as const) {
      expect((await post(path, stranger.cookie, body).expect(404)).body).toMatchObject({ error: 'not_found' });
    }
    await get('/oauth2/get-client', stranger.cookie, { client_id: created.client_id }).expect(404);
    expect((await get('/oauth2/get-clients', stranger.cookie).expect(200)).body).toEqual([]);

    const updated = (await post('/oauth2/update-client', owner.cookie, { client_id: created.client_id, update: { client_name: 'Mood Journal 2', redirect_uris: [REDIRECT_URI, 'https://app.example/second'] } }).expect(200)).body;
    expect(updated).toMatchObject({ client_name: 'Mood Journal 2', redirect_uris: [REDIRECT_URI, 'https://app.example/second'] });
    expectNoSecret(updated, created.client_secret);
    await post('/oauth2/update-client', owner.cookie, { client_id: created.client_id, update: { redirect_uris: ['http://evil.example/cb'] } }).expect(400);

    const rotated = (await post('/oauth2/client/rotate-secret', owner.cookie, { client_id: created.client_id }).expect(200)).body;
    expect(rotated.client_secret).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(rotated.client_secret).not.toBe(created.client_secret);
    // The old secret is refused at once; the new one works.
    expect((await tokenRequest(gateway, created, { grant_type: 'refresh_token', refresh_token: 'x' }).expect(401)).body).toMatchObject({ error: 'invalid_client' });
    expect((await tokenRequest(gateway, { ...created, client_secret: rotated.client_secret }, { grant_type: 'refresh_token', refresh_token: 'x' }).expect(400)).body).toMatchObject({ error: 'invalid_grant' });

    expect((await post('/oauth2/delete-client', owner.cookie, { client_id: created.client_id }).expect(200)).body).toEqual({ success: true });
    expect((await get('/oauth2/get-client', owner.cookie, { client_id: created.client_id }).expect(404)).body).toMatchObject({ error: 'not_found' });
  });

  it('is off for dynamic registration unless AUTH_OAUTH_DYNAMIC_REGISTRATION=on (404)', async () => {
    await gateway.http.post(`${BASE}/oauth2/register`).send({ redirect_uris: [REDIRECT_URI] }).expect(404);
  });
});

describe('identity provider: dynamic registration (RFC 7591)', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ features: oauthOn(true) });
  });
  afterAll(() => gateway.close());
  const register = (body: object) => gateway.http.post(`${BASE}/oauth2/register`).send(body);

  it('registers without a session: a native client with a loopback redirect gets no secret', async () => {
    const res = await register({ client_name: 'Claude', redirect_uris: ['http://127.0.0.1:33418/callback'], token_endpoint_auth_method: 'none' }).expect(201);
    expect(res.body).toMatchObject({ token_endpoint_auth_method: 'none', user_id: null, client_secret_expires_at: 0 });
    expect(res.body).not.toHaveProperty('client_secret');
  });

  it('gives a confidential registration its secret once', async () => {
    const res = await register({ redirect_uris: [REDIRECT_URI] }).expect(201);
    expect(res.body.client_secret).toMatch(/^[A-Za-z0-9]{48}$/);
  });

  it('refuses an http redirect on a public host (invalid_redirect_uri) and client_credentials (invalid_client_metadata)', async () => {
    expect((await register({ redirect_uris: ['http://app.example/cb'], token_endpoint_auth_method: 'none' }).expect(400)).body).toMatchObject({ error: 'invalid_redirect_uri' });
    expect((await register({ redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] }).expect(400)).body).toMatchObject({ error: 'invalid_client_metadata' });
  });
});

describe('identity provider: site admins’ clients', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ features: oauthOn(false) });
  });
  afterAll(() => gateway.close());

  it('lets only site admins create with client_credentials_scopes, end-session and post-logout URIs (401, 403 otherwise)', async () => {
    const body = { client_name: 'Bookings', redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code', 'client_credentials'], client_credentials_scopes: ['moods:read'], enable_end_session: true, post_logout_redirect_uris: ['https://app.example/bye'] };
    await gateway.http.post(`${BASE}/admin/oauth2/create-client`).set('Origin', ORIGIN).send(body).expect(401);
    const { cookie } = await signUp(gateway);
    await gateway.http.post(`${BASE}/admin/oauth2/create-client`).set('Cookie', cookie).set('Origin', ORIGIN).send(body).expect(403);
    const admin = await signInAdmin(gateway);
    const created = (await gateway.http.post(`${BASE}/admin/oauth2/create-client`).set('Cookie', admin.cookie).set('Origin', ORIGIN).send(body).expect(201)).body;
    expect(created).toMatchObject({ client_credentials_scopes: ['moods:read'], enable_end_session: true, post_logout_redirect_uris: ['https://app.example/bye'], user_id: null });
    expect(created.client_secret).toEqual(expect.any(String));
    const list = (await gateway.http.get(`${BASE}/admin/oauth2/clients`).set('Cookie', admin.cookie).expect(200)).body;
    expect(list.clients.map((client: { client_id: string }) => client.client_id)).toContain(created.client_id);
    expectNoSecret(list, created.client_secret);
    await gateway.http.get(`${BASE}/admin/oauth2/clients`).set('Cookie', cookie).expect(403);
    await gateway.http.post(`${BASE}/admin/oauth2/delete-client`).set('Cookie', admin.cookie).set('Origin', ORIGIN).send({ client_id: created.client_id }).expect(200);
    await gateway.http.post(`${BASE}/admin/oauth2/delete-client`).set('Cookie', admin.cookie).set('Origin', ORIGIN).send({ client_id: created.client_id }).expect(404);
  });
});
