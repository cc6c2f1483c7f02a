// The example of docs/identity-provider.md ("Verifying tokens in a domain service"), run as
// written: a service that checks a Tend access token and a `/token` JWT with `jose` alone, its
// key set fetched once from `/jwks` and kept, never calling Tend per request. The gateway listens
// on a loopback port so `createRemoteJWKSet` fetches the keys as it would in production; only the
// two constants differ (the test gateway's AUTH_BASE_URL is ORIGIN, its JWKS on the real port).
// Then the steps of "Connecting an MCP client", from discovery to a refreshed token.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { BASE, ORIGIN, REDIRECT_URI, authorizationCode, createOAuthClient, signInAdmin, signUp, startGateway, tokenRequest, type OAuthClientCreated, type TestGateway } from './harness/index.js';

// ---- the doc's example, word for word but for the two constants --------------------------
let TEND = 'https://tend.example'; // AUTH_BASE_URL
let JWKS_URL = `${TEND}/api/auth/jwks`;

function tendVerifier() {
  const ISSUER = `${TEND}/api/auth`;
  // Once per process: fetched on first use and kept (refreshed after 10 minutes); a kid it does not know fetches again at once.
  const jwks = createRemoteJWKSet(new URL(JWKS_URL));

  /** An access token of the Tend identity provider (Authorization: Bearer …). */
  async function verifyAccessToken(token: string) {
    const { payload } = await jwtVerify(token, jwks, { issuer: ISSUER, audience: TEND, algorithms: ['EdDSA', 'RS256'] });
    return {
      userId: payload.sub ?? null, // null for a client_credentials token (a service, no user)
      clientId: payload.client_id as string,
      scopes: String(payload.scope ?? '').split(' ').filter(Boolean),
    };
  }

  /** A JWT of a Tend session (`GET /api/auth/token`, or get-session's `set-auth-jwt` header). */
  async function verifySessionJwt(token: string) {
    const { payload } = await jwtVerify(token, jwks, { issuer: TEND, audience: TEND, algorithms: ['EdDSA', 'RS256'] });
    return { userId: payload.sub!, email: payload.email as string, name: payload.name as string };
  }

  return { verifyAccessToken, verifySessionJwt };
}
// -------------------------------------------------------------------------------------------

const WEB = 'http://localhost:3001';
const SCOPES = ['openid', 'profile', 'email', 'offline_access', 'moods:read'];

describe('docs/identity-provider.md: verifying tokens in a domain service', () => {
  let gateway: TestGateway;
  let server: Server;
  let jwksFetches = 0;
  let client: OAuthClientCreated;
  let user: { cookie: string; user: { id: string; email: string; name: string } };
  let verifier: ReturnType<typeof tendVerifier>;

  beforeAll(async () => {
    gateway = await startGateway({ webURL: WEB, features: { oauthProvider: { scopes: SCOPES, dynamicRegistration: false, signingAlgorithm: 'EdDSA', keyRotationDays: 0, refreshGraceSeconds: 5 } } });
    // The gateway on a loopback port, counting the key set's fetches.
    server = createServer((req, res) => {
      if (req.url === `${BASE}/jwks`) jwksFetches += 1;
      gateway.app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    TEND = ORIGIN;
    JWKS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE}/jwks`;
    verifier = tendVerifier();
    user = await signUp(gateway, { name: 'Ada Lovelace' });
    client = await createOAuthClient(gateway, user.cookie);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await gateway.close();
  });

  async function userTokens(scope = 'openid profile email offline_access') {
    const { code, verifier: codeVerifier } = await authorizationCode(gateway, user.cookie, client, { scope });
    return (await tokenRequest(gateway, client, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: codeVerifier }).expect(200)).body as { access_token: string; id_token: string; refresh_token: string };
  }

  it('verifies a user’s access token: its user, client and scopes', async () => {
    const tokens = await userTokens();
    expect(await verifier.verifyAccessToken(tokens.access_token)).toEqual({ userId: user.user.id, clientId: client.client_id, scopes: ['openid', 'profile', 'email', 'offline_access'] });
  });

  it('verifies a client_credentials token: a service, no user', async () => {
    const admin = await signInAdmin(gateway);
    const service = (
      await gateway.http
        .post(`${BASE}/admin/oauth2/create-client`)
        .set('Cookie', admin.cookie)
        .set('Origin', ORIGIN)
        .send({ client_name: 'Bookings', redirect_uris: [], grant_types: ['client_credentials'], client_credentials_scopes: ['moods:read'] })
        .expect(201)
    ).body as OAuthClientCreated;
    const { access_token } = (await tokenRequest(gateway, service, { grant_type: 'client_credentials' }).expect(200)).body;
    expect(await verifier.verifyAccessToken(access_token)).toEqual({ userId: null, clientId: service.client_id, scopes: ['moods:read'] });
  });

  it('verifies a /token JWT and get-session’s set-auth-jwt', async () => {
    const { token } = (await gateway.http.get(`${BASE}/token`).set('Cookie', user.cookie).expect(200)).body;
    expect(await verifier.verifySessionJwt(token)).toEqual({ userId: user.user.id, email: user.user.email, name: 'Ada Lovelace' });
    const header = (await gateway.http.get(`${BASE}/get-session`).set('Cookie', user.cookie).expect(200)).headers['set-auth-jwt'] as string;
    expect((await verifier.verifySessionJwt(header)).userId).toBe(user.user.id);
  });

  it('refuses each token where the other kind is expected, an ID token, and a tampered token', async () => {
    const tokens = await userTokens();
    const { token: sessionJwt } = (await gateway.http.get(`${BASE}/token`).set('Cookie', user.cookie).expect(200)).body;
    // The issuers differ: AUTH_BASE_URL/api/auth for access tokens, AUTH_BASE_URL for session JWTs.
    await expect(verifier.verifyAccessToken(sessionJwt)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'iss' });
    await expect(verifier.verifySessionJwt(tokens.access_token)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'iss' });
    // An ID token is for its client (aud = client_id), not a credential for a service.
    expect(decodeJwt(tokens.id_token).aud).toBe(client.client_id);
    await expect(verifier.verifyAccessToken(tokens.id_token)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'aud' });
    // A claim changed after signing.
    const [header, , signature] = tokens.access_token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(tokens.access_token), scope: 'openid moods:read' })).toString('base64url');
    await expect(verifier.verifyAccessToken(`${header}.${forged}.${signature}`)).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
  });

  it('fetched the key set once for every verification above: no call to Tend per request', async () => {
    const tokens = await Promise.all([1, 2, 3].map(() => userTokens('openid email')));
    for (const { access_token } of tokens) await verifier.verifyAccessToken(access_token);
    expect(jwksFetches).toBe(1);
  });
});

describe('docs/identity-provider.md: connecting an MCP client', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ webURL: WEB, features: { oauthProvider: { scopes: SCOPES, dynamicRegistration: true, signingAlgorithm: 'EdDSA', keyRotationDays: 0, refreshGraceSeconds: 5 } } });
  });
  afterAll(() => gateway.close());

  it('discovers, registers a public loopback client, authorizes with PKCE and refreshes, as the steps say', async () => {
    // Steps 2-3: the protected resource names the issuer; its RFC 8414 §3.1 document names the endpoints.
    const resource = (await gateway.http.get('/.well-known/oauth-protected-resource').expect(200)).body;
    const [issuer] = resource.authorization_servers as string[];
    const metadataPath = `/.well-known/oauth-authorization-server${new URL(issuer!).pathname}`;
    const metadata = (await gateway.http.get(metadataPath).expect(200)).body;
    expect(metadata).toMatchObject({ issuer, code_challenge_methods_supported: ['S256'], registration_endpoint: `${issuer}/oauth2/register` });

    // Step 4: the registration body of the doc.
    const redirectUri = 'http://127.0.0.1:33418/callback';
    const registered = (
      await gateway.http
        .post(new URL(metadata.registration_endpoint).pathname)
        .send({ client_name: 'Claude', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], scope: 'openid profile email offline_access' })
        .expect(201)
    ).body as OAuthClientCreated;
    expect(registered).not.toHaveProperty('client_secret');

    // Steps 5-6: the browser's round trip, the code redeemed with client_id and the verifier alone.
    const person = await signUp(gateway);
    const { code, verifier: codeVerifier, back, params } = await authorizationCode(gateway, person.cookie, registered, { redirect_uri: redirectUri });
    expect(back.searchParams.get('state')).toBe(params.state);
    expect(back.searchParams.get('iss')).toBe(issuer);
    const tokens = (await tokenRequest(gateway, registered, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier }).expect(200)).body;
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const refreshed = (await tokenRequest(gateway, registered, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }).expect(200)).body;
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ iss: issuer, aud: ORIGIN, sub: person.user.id, client_id: registered.client_id });
  });
});
