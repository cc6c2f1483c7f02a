// The identity provider seen by a relying party: clients, PKCE, the authorization code flow
// through the consent route, and token requests as RFC 6749 sends them (form-encoded, Basic).
import { createHash, randomBytes } from 'node:crypto';
import { BASE, ORIGIN } from './config.js';
import type { TestGateway } from './gateway.js';

export const ISSUER = `${ORIGIN}${BASE}`;
export const REDIRECT_URI = 'https://app.example/callback';

export interface OAuthClientCreated {
  client_id: string;
  client_secret?: string;
  [key: string]: unknown;
}

/** A PKCE pair: a fresh verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Creates a client owned by the signed-in user (201). */
export async function createOAuthClient(gateway: TestGateway, cookie: string, body: Record<string, unknown> = {}): Promise<OAuthClientCreated> {
  const res = await gateway.http
    .post(`${BASE}/oauth2/create-client`)
    .set('Cookie', cookie)
    .set('Origin', ORIGIN)
    .send({ client_name: 'Mood Journal', redirect_uris: [REDIRECT_URI], ...body });
  if (res.status !== 201) throw new Error(`create-client answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as OAuthClientCreated;
}

/** The authorization request's parameters (PKCE S256, a state and a nonce). */
export function authorizeParams(clientId: string, challenge: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email offline_access',
    state: `state-${randomBytes(6).toString('hex')}`,
    nonce: `nonce-${randomBytes(6).toString('hex')}`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
}

/** GET /oauth2/authorize: the redirect's Location (302 expected). */
export async function authorizeLocation(gateway: TestGateway, params: Record<string, string>, cookie?: string): Promise<URL> {
  const req = gateway.http.get(`${BASE}/oauth2/authorize`).query(params);
  if (cookie) req.set('Cookie', cookie);
  const res = await req;
  if (res.status !== 302) throw new Error(`authorize answered ${res.status}: ${JSON.stringify(res.body)}`);
  return new URL(res.headers.location as string);
}

/** Signs in and allows: the consent page's query answered with `accept: true`; answers the redirect back (with `code`). */
export async function consentTo(gateway: TestGateway, cookie: string, oauthQuery: string, accept = true): Promise<URL> {
  const res = await gateway.http.post(`${BASE}/oauth2/consent`).set('Cookie', cookie).set('Origin', ORIGIN).send({ accept, oauth_query: oauthQuery });
  if (res.status !== 200) throw new Error(`consent answered ${res.status}: ${JSON.stringify(res.body)}`);
  return new URL(res.body.url as string);
}

/** The whole flow for a signed-in user: authorize, consent, and the code sent back. */
export async function authorizationCode(gateway: TestGateway, cookie: string, client: OAuthClientCreated, overrides: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const params = authorizeParams(client.client_id, challenge, overrides);
  const consentPage = await authorizeLocation(gateway, params, cookie);
  const back = consentPage.pathname === '/oauth/consent' ? await consentTo(gateway, cookie, consentPage.search.slice(1)) : consentPage;
  return { code: back.searchParams.get('code')!, back, verifier, params };
}

/** POST /oauth2/token, form-encoded; the client authenticates with HTTP Basic when it has a secret. */
export function tokenRequest(gateway: TestGateway, client: OAuthClientCreated, form: Record<string, string>, via: 'basic' | 'post' = 'basic') {
  const req = gateway.http.post(`${BASE}/oauth2/token`).type('form');
  if (client.client_secret && via === 'basic') {
    const basic = Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64');
    return req.set('Authorization', `Basic ${basic}`).send(form);
  }
  return req.send({ client_id: client.client_id, ...(client.client_secret ? { client_secret: client.client_secret } : {}), ...form });
}

/** POST to an endpoint that authenticates the client (introspect, revoke), form-encoded with Basic. */
export function clientPost(gateway: TestGateway, path: string, client: OAuthClientCreated, form: Record<string, string>) {
  const basic = Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret ?? '')}`).toString('base64');
  return gateway.http.post(`${BASE}${path}`).type('form').set('Authorization', `Basic ${basic}`).send(form);
}
