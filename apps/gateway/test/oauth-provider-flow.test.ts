// Tend as an identity provider (issue 31), as a relying party meets it over HTTP: discovery and
// keys, the authorization code flow through sign-in and consent, tokens, userinfo,
// introspection, revocation, refresh rotation, client_credentials, end-session and the /token JWT.
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import {
  BASE,
  CookieJar,
  ISSUER,
  ORIGIN,
  REDIRECT_URI,
  authorizationCode,
  authorizeLocation,
  authorizeParams,
  clientPost,
  consentTo,
  cookiesOf,
  createOAuthClient,
  credentials,
  pkce,
  signInAdmin,
  signUp,
  startGateway,
  tokenRequest,
  turnOnTwoFactor,
  type OAuthClientCreated,
  type TestGateway,
} from './harness/index.js';

const WEB = 'http://localhost:3001';

describe('identity provider: discovery and keys', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ webURL: WEB });
  });
  afterAll(() => gateway.close());

  it.each([`${BASE}/.well-known/openid-configuration`, `${BASE}/.well-known/oauth-authorization-server`, '/.well-known/oauth-authorization-server/api/auth'])('serves the metadata at %s', async (path) => {
    const res = await gateway.http.get(path).expect(200);
    expect(res.body).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/oauth2/authorize`,
      token_endpoint: `${ISSUER}/oauth2/token`,
      userinfo_endpoint: `${ISSUER}/oauth2/userinfo`,
      introspection_endpoint: `${ISSUER}/oauth2/introspect`,
      revocation_endpoint: `${ISSUER}/oauth2/revoke`,
      end_session_endpoint: `${ISSUER}/oauth2/end-session`,
      jwks_uri: `${ISSUER}/jwks`,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    });
    expect(res.body).not.toHaveProperty('registration_endpoint');
  });

  it('names custom scopes of AUTH_OAUTH_SCOPES and the registration endpoint when dynamic registration is on', async () => {
    const custom = await startGateway({ webURL: WEB, features: { oauthProvider: { scopes: ['openid', 'profile', 'email', 'offline_access', 'moods:read'], dynamicRegistration: true, signingAlgorithm: 'EdDSA', keyRotationDays: 0, refreshGraceSeconds: 5 } } });
    try {
      const res = await custom.http.get(`${BASE}/.well-known/openid-configuration`).expect(200);
      expect(res.body.scopes_supported).toEqual(['openid', 'profile', 'email', 'offline_access', 'moods:read']);
      expect(res.body.registration_endpoint).toBe(`${ISSUER}/oauth2/register`);
    } finally {
      await custom.close();
    }
  });

  it('serves the protected resource metadata (RFC 9728) at the root', async () => {
    const res = await gateway.http.get('/.well-known/oauth-protected-resource').expect(200);
    expect(res.body).toMatchObject({ resource: ORIGIN, authorization_servers: [ISSUER] });
  });

  it('serves an EdDSA key in the JWKS, never a private part, the same key on every call', async () => {
    const first = (await gateway.http.get(`${BASE}/jwks`).expect(200)).body as JSONWebKeySet;
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(first.keys[0]).not.toHaveProperty('d');
    expect((await gateway.http.get(`${BASE}/jwks`).expect(200)).body).toEqual(first);
  });
});

describe('identity provider: the authorization code flow', () => {
  let gateway: TestGateway;
  let client: OAuthClientCreated;
  let owner: { cookie: string; email: string; password: string };
  let keys: ReturnType<typeof createLocalJWKSet>;
  beforeAll(async () => {
    gateway = await startGateway({ webURL: WEB });
    const signedUp = await signUp(gateway);
    owner = { cookie: signedUp.cookie, email: signedUp.body.email, password: signedUp.body.password };
    client = await createOAuthClient(gateway, owner.cookie);
    keys = createLocalJWKSet((await gateway.http.get(`${BASE}/jwks`)).body as JSONWebKeySet);
  });
  afterAll(() => gateway.close());

  it('sends a browser without a session to the sign-in page with the parameters signed', async () => {
    const params = authorizeParams(client.client_id, pkce().challenge);
    const to = await authorizeLocation(gateway, params);
    expect(`${to.origin}${to.pathname}`).toBe(`${WEB}/sign-in`);
    for (const [name, value] of Object.entries(params)) expect(to.searchParams.get(name)).toBe(value);
    expect(Number(to.searchParams.get('exp'))).toBeGreaterThan(Date.now() / 1000);
    expect(to.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('signs in with the oauth_query and answers the consent page; Allow sends the code back with state and iss', async () => {
    const user = credentials();
    await gateway.http.post(`${BASE}/sign-up/email`).send(user).expect(200);
    const { verifier, challenge } = pkce();
    const params = authorizeParams(client.client_id, challenge);
    const signInPage = await authorizeLocation(gateway, params);
    const oauthQuery = signInPage.search.slice(1);
    const signIn = await gateway.http.post(`${BASE}/sign-in/email`).send({ email: user.email, password: user.password, oauth_query: oauthQuery }).expect(200);
    expect(signIn.body).toMatchObject({ redirect: true });
    const consentPage = new URL(signIn.body.url);
    expect(`${consentPage.origin}${consentPage.pathname}`).toBe(`${WEB}/oauth/consent`);
    expect(consentPage.searchParams.get('sig')).toBe(signInPage.searchParams.get('sig'));

    const cookie = cookiesOf(signIn);
    const info = await gateway.http.get(`${BASE}/oauth2/consent-info`).query({ oauth_query: consentPage.search.slice(1) }).set('Cookie', cookie).expect(200);
    expect(info.body).toMatchObject({ client: { client_id: client.client_id, client_name: 'Mood Journal' }, scopes: ['openid', 'profile', 'email', 'offline_access'], user: { email: user.email } });

    const back = await consentTo(gateway, cookie, consentPage.search.slice(1));
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe(params.state);
    expect(back.searchParams.get('iss')).toBe(ISSUER);
    const code = back.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const tokens = await tokenRequest(gateway, client, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).expect(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', scope: 'openid profile email offline_access' });
    expect(tokens.body.expires_in).toBeLessThanOrEqual(3600);
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
    const { payload, protectedHeader } = await jwtVerify(tokens.body.id_token, keys, { issuer: ISSUER, audience: client.client_id });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload).toMatchObject({ nonce: params.nonce, sub: signIn.body.user.id, email: user.email, email_verified: false, name: user.name });
  });

  it('goes on to the consent page after a sign-up and after the second factor, when they carry the oauth_query', async () => {
    const signInPage = await authorizeLocation(gateway, authorizeParams(client.client_id, pkce().challenge));
    const oauthQuery = signInPage.search.slice(1);
    const user = credentials();
    const signedUp = await gateway.http.post(`${BASE}/sign-up/email`).send({ ...user, oauth_query: oauthQuery }).expect(200);
    expect(signedUp.body).toMatchObject({ redirect: true, url: `${WEB}/oauth/consent?${oauthQuery}`, user: { email: user.email } });

    const jar = new CookieJar(cookiesOf(signedUp));
    const enrolment = await turnOnTwoFactor(gateway, jar, user.password);
    const challenged = await gateway.http.post(`${BASE}/sign-in/email`).send({ email: user.email, password: user.password, oauth_query: oauthQuery }).expect(200);
    expect(challenged.body).toMatchObject({ twoFactorRedirect: true });
    const verified = await gateway.http.post(`${BASE}/two-factor/verify-totp`).set('Cookie', cookiesOf(challenged)).set('Origin', ORIGIN).send({ code: enrolment.code(), oauth_query: oauthQuery }).expect(200);
    expect(verified.body).toMatchObject({ redirect: true, url: `${WEB}/oauth/consent?${oauthQuery}` });
    // A forged query is no continuation: the sign-in answers as usual.
    const forged = await gateway.http.post(`${BASE}/sign-in/email`).send({ email: owner.email, password: owner.password, oauth_query: oauthQuery.replace('sig=', 'sig=x') }).expect(200);
    expect(forged.body).toMatchObject({ redirect: false, url: null });
  });

  it('Deny sends the browser back with error=access_denied, state and iss', async () => {
    const params = authorizeParams(client.client_id, pkce().challenge);
    const consentPage = await authorizeLocation(gateway, params, owner.cookie);
    const back = await consentTo(gateway, owner.cookie, consentPage.search.slice(1), false);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: params.state, iss: ISSUER });
  });

  it('refuses a tampered oauth_query (400 invalid_signature) and a missing one (400 invalid_request)', async () => {
    const consentPage = await authorizeLocation(gateway, authorizeParams(client.client_id, pkce().challenge), owner.cookie);
    const tampered = consentPage.search.slice(1).replace('scope=openid', 'scope=openid+admin');
    const post = (body: object) => gateway.http.post(`${BASE}/oauth2/consent`).set('Cookie', owner.cookie).set('Origin', ORIGIN).send(body);
    expect((await post({ accept: true, oauth_query: tampered }).expect(400)).body).toMatchObject({ error: 'invalid_signature', code: 'INVALID_SIGNATURE' });
    expect((await post({ accept: true }).expect(400)).body).toMatchObject({ error: 'invalid_request', code: 'INVALID_REQUEST' });
  });

  it('remembers a consent: the next authorization goes straight back with a code, until it is deleted', async () => {
    const { cookie } = await signUp(gateway);
    await authorizationCode(gateway, cookie, client, { scope: 'openid email' });
    const again = await authorizeLocation(gateway, authorizeParams(client.client_id, pkce().challenge, { scope: 'openid email' }), cookie);
    expect(`${again.origin}${again.pathname}`).toBe(REDIRECT_URI);
    expect(again.searchParams.get('code')).toBeTruthy();
    // More than was allowed asks again.
    const wider = await authorizeLocation(gateway, authorizeParams(client.client_id, pkce().challenge, { scope: 'openid email profile' }), cookie);
    expect(wider.pathname).toBe('/oauth/consent');

    const consents = (await gateway.http.get(`${BASE}/oauth2/get-consents`).set('Cookie', cookie).expect(200)).body;
    expect(consents).toEqual([expect.objectContaining({ clientId: client.client_id, scopes: ['openid', 'email'], client: expect.objectContaining({ client_name: 'Mood Journal' }) })]);
    // Another user's consent is not theirs to delete.
    await gateway.http.post(`${BASE}/oauth2/delete-consent`).set('Cookie', owner.cookie).set('Origin', ORIGIN).send({ id: consents[0].id }).expect(404);
    const granted = await authorizationCode(gateway, cookie, client, { scope: 'openid email offline_access' });
    const tokens = (await tokenRequest(gateway, client, { grant_type: 'authorization_code', code: granted.code, redirect_uri: REDIRECT_URI, code_verifier: granted.verifier }).expect(200)).body;
    await gateway.http.post(`${BASE}/oauth2/delete-consent`).set('Cookie', cookie).set('Origin', ORIGIN).send({ id: consents[0].id }).expect(200);
    // Revoking access ends the app's tokens for this user too.
    await gateway.http.get(`${BASE}/oauth2/userinfo`).set('Authorization', `Bearer ${tokens.access_token}`).expect(401);
    expect((await tokenRequest(gateway, client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }).expect(400)).body).toMatchObject({ error: 'invalid_grant' });
    const asked = await authorizeLocation(gateway, authorizeParams(client.client_id, pkce().challenge, { scope: 'openid email' }), cookie);
    expect(asked.pathname).toBe('/oauth/consent');
  });

  it('never redirects to an unregistered redirect_uri or for an unknown client', async () => {
    const unregistered = await authorizeLocation(gateway, authorizeParams(client.client_id, pkce().challenge, { redirect_uri: 'https://evil.example/cb' }), owner.cookie);
    expect(`${unregistered.origin}${unregistered.pathname}`).toBe(`${ISSUER}/error`);
    expect(unregistered.searchParams.get('error')).toBe('invalid_redirect');
    const unknown = await authorizeLocation(gateway, authorizeParams('no-such-client', pkce().challenge), owner.cookie);
    expect(`${unknown.origin}${unknown.pathname}`).toBe(`${ISSUER}/error`);
  });

  it('sends a public client without PKCE back with error=invalid_request', async () => {
    const publicClient = await createOAuthClient(gateway, owner.cookie, { token_endpoint_auth_method: 'none', redirect_uris: ['http://127.0.0.1:8765/cb'] });
    expect(publicClient).not.toHaveProperty('client_secret');
    const params = authorizeParams(publicClient.client_id, 'x', { redirect_uri: 'http://127.0.0.1:8765/cb' });
    delete params.code_challenge;
    delete params.code_challenge_method;
    const back = await authorizeLocation(gateway, params, owner.cookie);
    expect(back.origin).toBe('http://127.0.0.1:8765');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe(params.state);
  });

  it('redeems a code once: a second use is invalid_grant and revokes the tokens of the first', async () => {
    const { code, verifier } = await authorizationCode(gateway, owner.cookie, client);
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier };
    const first = await tokenRequest(gateway, client, form).expect(200);
    await gateway.http.get(`${BASE}/oauth2/userinfo`).set('Authorization', `Bearer ${first.body.access_token}`).expect(200);
    expect((await tokenRequest(gateway, client, form).expect(400)).body).toMatchObject({ error: 'invalid_grant' });
    expect((await gateway.http.get(`${BASE}/oauth2/userinfo`).set('Authorization', `Bearer ${first.body.access_token}`).expect(401)).body).toMatchObject({ error: 'invalid_token' });
    await tokenRequest(gateway, client, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token }).expect(400);
  });

  it('refuses another redirect_uri (400 invalid_grant) and a wrong verifier (401 invalid_request)', async () => {
    const a = await authorizationCode(gateway, owner.cookie, client);
    const other = await tokenRequest(gateway, client, { grant_type: 'authorization_code', code: a.code, redirect_uri: 'https://app.example/other', code_verifier: a.verifier }).expect(400);
    expect(other.body).toMatchObject({ error: 'invalid_grant' });
    const b = await authorizationCode(gateway, owner.cookie, client);
    const wrong = await tokenRequest(gateway, client, { grant_type: 'authorization_code', code: b.code, redirect_uri: REDIRECT_URI, code_verifier: pkce().verifier }).expect(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_request' });
  });

  it('authenticates the client: a wrong secret, an unknown or deleted client_id is 401 invalid_client', async () => {
    const { code, verifier } = await authorizationCode(gateway, owner.cookie, client);
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier };
    expect((await tokenRequest(gateway, { ...client, client_secret: 'wrong' }, form).expect(401)).body).toMatchObject({ error: 'invalid_client' });
    expect((await tokenRequest(gateway, { client_id: 'unknown-client', client_secret: 'x' }, form).expect(401)).body).toMatchObject({ error: 'invalid_client' });
    const doomed = await createOAuthClient(gateway, owner.cookie);
    await gateway.http.post(`${BASE}/oauth2/delete-client`).set('Cookie', owner.cookie).set('Origin', ORIGIN).send({ client_id: doomed.client_id }).expect(200);
    expect((await tokenRequest(gateway, doomed, { grant_type: 'client_credentials' }).expect(401)).body).toMatchObject({ error: 'invalid_client' });
    const refused = await tokenRequest(gateway, { ...client, client_secret: 'wrong' }, form).expect(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Basic /);
    // client_secret_post works as well as Basic.
    await tokenRequest(gateway, client, form, 'post').expect(200);
  });

  it('answers userinfo claims by scope; a bad token is 401 invalid_token', async () => {
    const { cookie, user } = await signUp(gateway, { name: 'Grace Brewster Hopper' });
    const emailOnly = await authorizationCode(gateway, cookie, client, { scope: 'openid email' });
    const tokens = (await tokenRequest(gateway, client, { grant_type: 'authorization_code', code: emailOnly.code, redirect_uri: REDIRECT_URI, code_verifier: emailOnly.verifier }).expect(200)).body;
    expect(tokens).not.toHaveProperty('refresh_token');
    const claims = (await gateway.http.get(`${BASE}/oauth2/userinfo`).set('Authorization', `Bearer ${tokens.access_token}`).expect(200)).body;
    expect(claims).toEqual({ sub: user.id, email: user.email, email_verified: false });
    const profile = await authorizationCode(gateway, cookie, client, { scope: 'openid profile' });
    const profileTokens = (await tokenRequest(gateway, client, { grant_type: 'authorization_code', code: profile.code, redirect_uri: REDIRECT_URI, code_verifier: profile.verifier }).expect(200)).body;
    const named = (await gateway.http.get(`${BASE}/oauth2/userinfo`).set('Authorization', `Bearer ${profileTokens.access_token}`).expect(200)).body;
    expect(named).toMatchObject({ sub: user.id, name: 'Grace Brewster Hopper', given_name: 'Grace', family_name: 'Brewster Hopper' });
    expect(named).not.toHaveProperty('email');
    // UserInfo answers POST as GET (OpenID Connect Core §5.3.1).
    expect((await gateway.http.post(`${BASE}/oauth2/userinfo`).set('Authorization', `Bearer ${tokens.access_token}`).expect(200)).body).toEqual(claims);
    const bad = await gateway.http.get(`${BASE}/oauth2/userinfo`).set('Authorization', 'Bearer nope').expect(401);
    expect(bad.body).toMatchObject({ error: 'invalid_token' });
    expect(bad.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('introspects and revokes for the authenticated client only; another client sees {active: false}', async () => {
    const other = await createOAuthClient(gateway, owner.cookie);
    const { code, verifier } = await authorizationCode(gateway, owner.cookie, client);
    const tokens = (await tokenRequest(gateway, client, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).expect(200)).body;
    await gateway.http.post(`${BASE}/oauth2/introspect`).type('form').send({ token: tokens.access_token }).expect(401);
    const active = (await clientPost(gateway, '/oauth2/introspect', client, { token: tokens.access_token }).expect(200)).body;
    expect(active).toMatchObject({ active: true, client_id: client.client_id, scope: 'openid profile email offline_access', iss: ISSUER, token_type: 'access_token' });
    expect((await clientPost(gateway, '/oauth2/introspect', other, { token: tokens.access_token }).expect(200)).body).toEqual({ active: false });
    expect((await clientPost(gateway, '/oauth2/introspect', client, { token: tokens.refresh_token, token_type_hint: 'refresh_token' }).expect(200)).body).toMatchObject({ active: true, token_type: 'refresh_token' });
    // Another client's revocation changes nothing; the owner's turns the token inactive.
    await clientPost(gateway, '/oauth2/revoke', other, { token: tokens.access_token }).expect(200);
    expect((await clientPost(gateway, '/oauth2/introspect', client, { token: tokens.access_token }).expect(200)).body.active).toBe(true);
    await clientPost(gateway, '/oauth2/revoke', client, { token: tokens.access_token }).expect(200);
    expect((await clientPost(gateway, '/oauth2/introspect', client, { token: tokens.access_token }).expect(200)).body).toEqual({ active: false });
    // Revoking the refresh token takes its family.
    await clientPost(gateway, '/oauth2/revoke', client, { token: tokens.refresh_token }).expect(200);
    expect((await tokenRequest(gateway, client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }).expect(400)).body).toMatchObject({ error: 'invalid_grant' });
  });

  it('rotates refresh tokens; a reuse after the grace period revokes the family, a retry within it keeps it', async () => {
    const { code, verifier } = await authorizationCode(gateway, owner.cookie, client);
    const first = (await tokenRequest(gateway, client, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).expect(200)).body;
    // Two at once, within the grace period: both answer 200 or invalid_grant, and the family lives.
    const [a, b] = await Promise.all([1, 2].map(() => tokenRequest(gateway, client, { grant_type: 'refresh_token', refresh_token: first.refresh_token })));
    for (const res of [a!, b!]) expect([200, 400]).toContain(res.status);
    const winner = [a!, b!].find((res) => res.status === 200)!.body;
    expect(winner.refresh_token).not.toBe(first.refresh_token);
    expect(winner.access_token).not.toBe(first.access_token);
    const second = (await tokenRequest(gateway, client, { grant_type: 'refresh_token', refresh_token: winner.refresh_token }).expect(200)).body;
    await gateway.http.get(`${BASE}/oauth2/userinfo`).set('Authorization', `Bearer ${second.access_token}`).expect(200);
    // After the grace period, the old token again: the whole family is revoked.
    gateway.clock.advance(11_000);
    expect((await tokenRequest(gateway, client, { grant_type: 'refresh_token', refresh_token: first.refresh_token }).expect(400)).body).toMatchObject({ error: 'invalid_grant' });
    await gateway.http.get(`${BASE}/oauth2/userinfo`).set('Authorization', `Bearer ${second.access_token}`).expect(401);
    await tokenRequest(gateway, client, { grant_type: 'refresh_token', refresh_token: second.refresh_token }).expect(400);
  });

  it('answers a JWT of the session at /token and in get-session’s set-auth-jwt header', async () => {
    await gateway.http.get(`${BASE}/token`).expect(401);
    const { cookie, user } = await signUp(gateway);
    const { token } = (await gateway.http.get(`${BASE}/token`).set('Cookie', cookie).expect(200)).body;
    const { payload, protectedHeader } = await jwtVerify(token, keys, { issuer: ORIGIN, audience: ORIGIN });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload.sub).toBe(user.id);
    expect(payload.exp! - payload.iat!).toBe(900);
    const session = await gateway.http.get(`${BASE}/get-session`).set('Cookie', cookie).expect(200);
    expect(decodeJwt(session.headers['set-auth-jwt'] as string).sub).toBe(user.id);
    expect(session.headers['access-control-expose-headers']).toMatch(/set-auth-jwt/);
    expect((await gateway.http.get(`${BASE}/get-session`).expect(200)).headers).not.toHaveProperty('set-auth-jwt');
  });
});

describe('identity provider: client_credentials and end-session', () => {
  let gateway: TestGateway;
  let admin: { cookie: string };
  const adminCreate = (body: Record<string, unknown>) => gateway.http.post(`${BASE}/admin/oauth2/create-client`).set('Cookie', admin.cookie).set('Origin', ORIGIN).send(body);
  beforeAll(async () => {
    gateway = await startGateway({ webURL: WEB, features: { oauthProvider: { scopes: ['openid', 'profile', 'email', 'offline_access', 'moods:read'], dynamicRegistration: false, signingAlgorithm: 'EdDSA', keyRotationDays: 0, refreshGraceSeconds: 5 } } });
    admin = await signInAdmin(gateway);
  });
  afterAll(() => gateway.close());

  it('issues client_credentials tokens with the client’s scopes: no refresh or ID token, no sub', async () => {
    const service = (await adminCreate({ client_name: 'Bookings', redirect_uris: [], grant_types: ['client_credentials'], client_credentials_scopes: ['moods:read'] }).expect(201)).body;
    const res = await tokenRequest(gateway, service, { grant_type: 'client_credentials' }).expect(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', scope: 'moods:read' });
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(res.body).not.toHaveProperty('id_token');
    expect(decodeJwt(res.body.access_token)).not.toHaveProperty('sub');
    expect((await tokenRequest(gateway, service, { grant_type: 'client_credentials', scope: 'openid' }).expect(400)).body).toMatchObject({ error: 'invalid_scope' });
    // A resource indicator (RFC 8707) is the token's audience; one that is no absolute URI is refused.
    const forBookings = (await tokenRequest(gateway, service, { grant_type: 'client_credentials', resource: 'https://bookings.tend.example' }).expect(200)).body;
    expect(decodeJwt(forBookings.access_token).aud).toBe('https://bookings.tend.example');
    for (const resource of ['not a uri at all', 'https://bookings.tend.example/#x', 'urn:x']) {
      expect((await tokenRequest(gateway, service, { grant_type: 'client_credentials', resource }).expect(400)).body).toMatchObject({ error: 'invalid_target' });
    }
    const { cookie } = await signUp(gateway);
    const own = await createOAuthClient(gateway, cookie);
    expect((await tokenRequest(gateway, own, { grant_type: 'client_credentials' }).expect(400)).body).toMatchObject({ error: 'unauthorized_client' });
  });

  it('ends the session at end-session for an enabled client, then its access tokens are inactive', async () => {
    const rp = (await adminCreate({ client_name: 'Partner clinic', redirect_uris: [REDIRECT_URI], enable_end_session: true, post_logout_redirect_uris: ['https://app.example/bye'] }).expect(201)).body;
    const { cookie } = await signUp(gateway);
    const { code, verifier } = await authorizationCode(gateway, cookie, rp);
    const tokens = (await tokenRequest(gateway, rp, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).expect(200)).body;
    const res = await gateway.http.get(`${BASE}/oauth2/end-session`).query({ id_token_hint: tokens.id_token, post_logout_redirect_uri: 'https://app.example/bye', state: 'xyz' }).set('Cookie', cookie).expect(302);
    expect(res.headers.location).toBe('https://app.example/bye?state=xyz');
    expect((await gateway.http.get(`${BASE}/get-session`).set('Cookie', cookie).expect(200)).body).toBeNull();
    expect((await clientPost(gateway, '/oauth2/introspect', rp, { token: tokens.access_token }).expect(200)).body).toEqual({ active: false });

    const plain = (await adminCreate({ redirect_uris: [REDIRECT_URI] }).expect(201)).body;
    const other = await signUp(gateway);
    const grant = await authorizationCode(gateway, other.cookie, plain);
    const otherTokens = (await tokenRequest(gateway, plain, { grant_type: 'authorization_code', code: grant.code, redirect_uri: REDIRECT_URI, code_verifier: grant.verifier }).expect(200)).body;
    const refused = await gateway.http.get(`${BASE}/oauth2/end-session`).query({ id_token_hint: otherTokens.id_token }).set('Cookie', other.cookie).expect(401);
    expect(refused.body).toMatchObject({ error: 'invalid_client' });
  });
});
