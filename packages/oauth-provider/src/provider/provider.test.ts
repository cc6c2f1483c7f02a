// The identity provider's use cases on memory adapters: the edges the HTTP tests do not walk
// (prompt values, scope narrowing, a client changed between sign-in and consent, key rotation on
// a schedule, keys another instance made).
import { createHash, randomBytes } from 'node:crypto';
import { createMemoryTables, ManualClock } from '@tend/kernel';
import { MemoryAccessTokenStore } from '../adapters/memory/memory-access-token-store.js';
import { MemoryAuthorizationCodeStore } from '../adapters/memory/memory-authorization-code-store.js';
import { MemoryConsentStore } from '../adapters/memory/memory-consent-store.js';
import { MemoryOAuthClientRepository } from '../adapters/memory/memory-oauth-client-repository.js';
import { MemoryRefreshTokenStore } from '../adapters/memory/memory-refresh-token-store.js';
import { MemorySigningKeyStore } from '../adapters/memory/memory-signing-key-store.js';
import { AuthorizationCodes } from '../codes/authorization-codes.js';
import { RefreshTokens } from '../refresh/refresh-tokens.js';
import { SigningKeys } from '../signing-keys/signing-keys.js';
import { Authorization } from './authorization.js';
import { OAuthClients } from './clients.js';
import { PublishedKeys } from './key-set.js';
import { TokenService, userClaims, type ClaimsUser } from './tokens.js';
import type { ProviderSettings } from './settings.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const REDIRECT = 'https://app.example/cb';
const settings: ProviderSettings = {
  issuer: 'https://tend.test/api/auth',
  baseURL: 'https://tend.test',
  webURL: 'https://web.tend.test',
  secret: SECRET,
  scopes: ['openid', 'profile', 'email', 'offline_access', 'moods:read'],
  accessTokenTtlSeconds: 3600,
  idTokenTtlSeconds: 3600,
  queryTtlSeconds: 600,
};
const user: ClaimsUser = { id: 'user-1', email: 'ada@example.com', emailVerified: true, name: 'Ada King Lovelace', image: null, updatedAt: new Date(0) };

function setup() {
  const tables = createMemoryTables();
  const clock = new ManualClock(new Date(Date.UTC(2026, 10, 29, 12)));
  const consents = new MemoryConsentStore(tables);
  const accessTokens = new MemoryAccessTokenStore(tables);
  const clients = new OAuthClients({ clients: new MemoryOAuthClientRepository(tables), consents, accessTokens, clock, scopesSupported: settings.scopes });
  const codes = new AuthorizationCodes({ store: new MemoryAuthorizationCodeStore(tables), clock });
  let ids = 0;
  const authorization = new Authorization({ clients, consents, codes, clock, settings, newId: () => `consent-${++ids}` });
  const keyStore = new MemorySigningKeyStore(tables);
  const signingKeys = new SigningKeys({ store: keyStore, secret: SECRET, clock, longestTokenLifetimeSeconds: 3600 });
  const tokens = new TokenService({
    clients,
    codes,
    refreshTokens: new RefreshTokens({ store: new MemoryRefreshTokenStore(tables), clock, secret: SECRET }),
    accessTokens,
    signingKeys,
    keys: new PublishedKeys(signingKeys, clock),
    users: { findById: async (id) => (id === user.id ? user : null) },
    clock,
    settings,
  });
  return { tables, clock, clients, authorization, tokens, signingKeys, keyStore };
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function request(clientId: string, overrides: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, query: { response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope: 'openid email', state: 's1', code_challenge: challengeOf(verifier), code_challenge_method: 'S256', ...overrides } };
}

describe('Authorization', () => {
  it('answers login_required and consent_required for prompt=none instead of showing a page', async () => {
    const { clients, authorization } = setup();
    const client = await clients.create('owner', { redirect_uris: [REDIRECT] }, 'owner-1');
    const none = request(client.client_id, { prompt: 'none' }).query;
    expect(new URL(await authorization.authorize(none, null)).searchParams.get('error')).toBe('login_required');
    expect(new URL(await authorization.authorize(none, { userId: user.id, sessionId: 's' })).searchParams.get('error')).toBe('consent_required');
  });

  it('asks again with prompt=consent, and sends a signed-in user to sign in again with prompt=login', async () => {
    const { clients, authorization } = setup();
    const client = await clients.create('owner', { redirect_uris: [REDIRECT] }, 'owner-1');
    const subject = { userId: user.id, sessionId: 's' };
    const page = new URL(await authorization.authorize(request(client.client_id).query, subject));
    await authorization.consent({ accept: true, oauthQuery: page.search }, subject);
    expect(new URL(await authorization.authorize(request(client.client_id).query, subject)).searchParams.get('code')).toBeTruthy();
    expect(new URL(await authorization.authorize(request(client.client_id, { prompt: 'consent' }).query, subject)).pathname).toBe('/oauth/consent');
    expect(new URL(await authorization.authorize(request(client.client_id, { prompt: 'login' }).query, subject)).pathname).toBe('/sign-in');
  });

  it('refuses scopes beyond the client’s and a narrowing at consent that adds a scope', async () => {
    const { clients, authorization } = setup();
    const client = await clients.create('owner', { redirect_uris: [REDIRECT], scope: 'openid email' }, 'owner-1');
    const wide = new URL(await authorization.authorize(request(client.client_id, { scope: 'openid profile' }).query, null));
    expect(wide.searchParams.get('error')).toBe('invalid_scope');
    const page = new URL(await authorization.authorize(request(client.client_id).query, { userId: user.id, sessionId: 's' }));
    await expect(authorization.consent({ accept: true, oauthQuery: page.search, scope: 'openid profile' }, { userId: user.id, sessionId: 's' })).rejects.toMatchObject({ code: 'INVALID_SCOPE' });
    const narrowed = new URL(await authorization.consent({ accept: true, oauthQuery: page.search, scope: 'openid' }, { userId: user.id, sessionId: 's' }));
    expect(narrowed.searchParams.get('code')).toBeTruthy();
  });

  it('refuses a signed request whose client was deleted or disabled since (invalid_request), and an expired one', async () => {
    const { clients, authorization, clock } = setup();
    const client = await clients.create('owner', { redirect_uris: [REDIRECT] }, 'owner-1');
    const subject = { userId: user.id, sessionId: 's' };
    const page = new URL(await authorization.authorize(request(client.client_id).query, subject));
    clock.advance(601_000);
    await expect(authorization.consent({ accept: true, oauthQuery: page.search }, subject)).rejects.toMatchObject({ code: 'OAUTH_QUERY_EXPIRED' });
    const fresh = new URL(await authorization.authorize(request(client.client_id).query, subject));
    await clients.update('owner-1', client.client_id, { disabled: true });
    await expect(authorization.consent({ accept: true, oauthQuery: fresh.search }, subject)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('never lets a redirect_uri that only starts like a registered one through', async () => {
    const { clients, authorization } = setup();
    const client = await clients.create('owner', { redirect_uris: [REDIRECT] }, 'owner-1');
    for (const redirect of [`${REDIRECT}/../evil`, `${REDIRECT}?x=1`, `${REDIRECT}#`, 'https://app.example.evil.test/cb']) {
      const to = new URL(await authorization.authorize(request(client.client_id, { redirect_uri: redirect }).query, null));
      expect(`${to.origin}${to.pathname}`).toBe(`${settings.issuer}/error`);
    }
  });
});

describe('TokenService', () => {
  it('answers claims by scope: email, profile (given and family names), nothing else', () => {
    expect(userClaims(user, ['openid'])).toEqual({});
    expect(userClaims(user, ['email'])).toEqual({ email: user.email, email_verified: true });
    expect(userClaims(user, ['profile'])).toMatchObject({ name: 'Ada King Lovelace', given_name: 'Ada', family_name: 'King Lovelace' });
  });

  it('accepts an expired ID token hint at end-session, but not a forged one', async () => {
    const { clients, tokens, signingKeys, clock } = setup();
    const client = await clients.create('admin', { redirect_uris: [REDIRECT], enable_end_session: true, post_logout_redirect_uris: ['https://app.example/bye'] }, null);
    const hint = await signingKeys.sign({ iss: settings.issuer, aud: client.client_id, sub: user.id, sid: 'session-1' }, 3600);
    clock.advance(2 * 3600_000);
    const ended = await tokens.endSession({ idTokenHint: hint, postLogoutRedirectUri: 'https://app.example/bye', state: 'z' }, { sessionId: 'session-1', userId: user.id });
    expect(ended).toEqual({ location: 'https://app.example/bye?state=z', endCurrent: true });
    const [header, payload] = hint.split('.');
    await expect(tokens.endSession({ idTokenHint: `${header}.${payload}.AAAA` }, null)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(tokens.endSession({ idTokenHint: hint, postLogoutRedirectUri: 'https://evil.example/' }, null)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('refuses an unsupported grant type and a missing one', async () => {
    const { clients, tokens } = setup();
    const client = await clients.create('owner', { redirect_uris: [REDIRECT] }, 'owner-1');
    const credentials = { clientId: client.client_id, clientSecret: client.client_secret!, via: 'basic' as const };
    await expect(tokens.token({ grant_type: 'password' }, credentials)).rejects.toMatchObject({ code: 'UNSUPPORTED_GRANT_TYPE' });
    await expect(tokens.token({}, credentials)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});

describe('SigningKeys on a schedule, across instances', () => {
  it('rotates only when the current key is older than the period, and never with 0', async () => {
    const { signingKeys, clock } = setup();
    const first = (await signingKeys.current()).kid;
    expect(await signingKeys.rotateIfOlderThan(0)).toBe(false);
    expect(await signingKeys.rotateIfOlderThan(86_400)).toBe(false);
    clock.advance(86_401_000);
    expect(await signingKeys.rotateIfOlderThan(86_400)).toBe(true);
    expect((await signingKeys.current()).kid).not.toBe(first);
    expect((await signingKeys.jwks()).keys.map((key) => key.kid)).toContain(first);
  });

  it('remembers a verified token only until it expires, and never for another issuer', async () => {
    const { signingKeys, clock } = setup();
    const keys = new PublishedKeys(signingKeys, clock);
    const token = await signingKeys.sign({ iss: settings.issuer, sub: 'user-1' }, 60);
    await expect(keys.verify(token, { issuer: settings.issuer })).resolves.toMatchObject({ sub: 'user-1' });
    await expect(keys.verify(token, { issuer: settings.issuer })).resolves.toMatchObject({ sub: 'user-1' });
    await expect(keys.verify(token, { issuer: 'https://other.example' })).rejects.toThrow();
    clock.advance(61_000);
    await expect(keys.verify(token, { issuer: settings.issuer })).rejects.toThrow();
  });

  it('verifies a token signed with a key another instance made after this one loaded the JWKS', async () => {
    const { signingKeys, keyStore, clock } = setup();
    const keys = new PublishedKeys(signingKeys, clock);
    await keys.jwks();
    const other = new SigningKeys({ store: keyStore, secret: SECRET, clock, longestTokenLifetimeSeconds: 3600 });
    await other.rotate();
    const token = await other.sign({ iss: settings.issuer }, 60);
    clock.advance(6_000);
    await expect(keys.verify(token, { issuer: settings.issuer })).resolves.toMatchObject({ iss: settings.issuer });
  });
});
