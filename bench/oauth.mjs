// The identity provider's lines of the benchmark (BENCH_ONLY=oauth): userinfo, introspection and
// the token endpoint's client_credentials grant, each against bare Express in the same run. Setup
// goes through the HTTP API as a relying party would: the bootstrap admin signs in, creates a
// client (authorization_code + client_credentials), authorizes it once (the consent is then
// remembered) and gets `count` access tokens by the code flow with PKCE.
import { createHash, randomBytes } from 'node:crypto';
import { URLSearchParams } from 'node:url';

export const BENCH_SCOPE = 'bench:read';
export const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password 7' };
const REDIRECT_URI = 'https://bench.example/callback';

/** The environment of a gateway serving the identity provider's lines. */
export const oauthEnv = {
  AUTH_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
  AUTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
  AUTH_OAUTH_SCOPES: BENCH_SCOPE,
};

function cookieOf(response) {
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c) => !c.endsWith('=')).join('; ');
}

async function expectStatus(response, status, what) {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * The client, its Basic header and `count` user access tokens (scope `openid email`), through the
 * gateway on `base` (`http://127.0.0.1:port`).
 */
export async function oauthFixture(base, count) {
  const api = `${base}/api/auth`;
  const jsonPost = (path, body, cookie) =>
    fetch(`${api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const cookie = cookieOf(await expectStatus(await jsonPost('/sign-in/email', ADMIN), 200, 'admin sign-in'));
  const client = await (
    await expectStatus(
      await jsonPost(
        '/admin/oauth2/create-client',
        { client_name: 'Bench', redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code', 'client_credentials'], client_credentials_scopes: [BENCH_SCOPE] },
        cookie,
      ),
      201,
      'admin create-client',
    )
  ).json();
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;

  const accessToken = async () => {
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email',
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const authorize = await expectStatus(await fetch(`${api}/oauth2/authorize?${query}`, { headers: { cookie }, redirect: 'manual' }), 302, 'authorize');
    let back = new URL(authorize.headers.get('location'));
    if (back.pathname === '/oauth/consent') {
      const consent = await expectStatus(await jsonPost('/oauth2/consent', { accept: true, oauth_query: back.search.slice(1) }, cookie), 200, 'consent');
      back = new URL((await consent.json()).url);
    }
    const form = new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code'), redirect_uri: REDIRECT_URI, code_verifier: verifier });
    const token = await expectStatus(
      await fetch(`${api}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic }, body: form }),
      200,
      'token',
    );
    return (await token.json()).access_token;
  };
  const tokens = [];
  // One at a time: the first consent is remembered, and the rest go straight back with a code.
  for (let i = 0; i < count; i += 1) tokens.push(await accessToken());
  return { client, basic, tokens };
}

/** GET /oauth2/userinfo, each request with the next of the access tokens. */
export function userinfo(base, fixture, connections = 32) {
  let n = 0;
  return {
    url: `${base}/api/auth/oauth2/userinfo`,
    connections,
    requests: [
      {
        method: 'GET',
        path: '/api/auth/oauth2/userinfo',
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${fixture.tokens[(n += 1) % fixture.tokens.length]}` } }),
      },
    ],
  };
}

/** POST /oauth2/introspect (form, HTTP Basic), each request with the next of the access tokens. */
export function introspection(base, fixture, connections = 32) {
  let n = 0;
  return {
    url: `${base}/api/auth/oauth2/introspect`,
    connections,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/oauth2/introspect',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: fixture.basic },
        setupRequest: (request) => ({ ...request, body: new URLSearchParams({ token: fixture.tokens[(n += 1) % fixture.tokens.length] }).toString() }),
      },
    ],
  };
}

/** POST /oauth2/token, grant_type=client_credentials (form, HTTP Basic): a new signed token each. */
export function clientCredentials(base, fixture, connections = 32) {
  return {
    url: `${base}/api/auth/oauth2/token`,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: fixture.basic },
    body: `grant_type=client_credentials&scope=${encodeURIComponent(BENCH_SCOPE)}`,
    connections,
  };
}

/** Checks a line's request once before it is measured (a line of 4xx answers measures nothing). */
export async function probeOnce(options) {
  const request = options.requests?.[0];
  const shaped = request?.setupRequest ? request.setupRequest({ headers: request.headers ?? {}, body: request.body }) : { headers: options.headers ?? {}, body: options.body };
  const response = await fetch(options.url, { method: request?.method ?? options.method ?? 'GET', headers: shaped.headers, body: shaped.body });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${options.url}: ${response.status} ${body}`);
  return JSON.parse(body);
}
