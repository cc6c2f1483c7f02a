// The identity provider behind two instances on one database (issue 31, "Done when"): one
// signing key for both, a code issued by one redeemed at the other, and a refresh on one
// instance reused at the other: within the grace period the family lives, after it the whole
// family is revoked everywhere.
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { createTestDatabase, selectedTestDatabase } from '@tend/database/testing';
import type { DatabaseHandle } from '@tend/database';
import { ManualClock } from '@tend/kernel';
import { BASE, ISSUER, REDIRECT_URI, authorizationCode, createOAuthClient, signUp, startGateway, tokenRequest, type TestGateway } from './harness/index.js';

describe('identity provider: two instances on one database', () => {
  let database: DatabaseHandle;
  let a: TestGateway;
  let b: TestGateway;
  beforeAll(async () => {
    database = await createTestDatabase(selectedTestDatabase());
    const clock = new ManualClock(new Date());
    [a, b] = await Promise.all([startGateway({}, { database, clock }), startGateway({}, { database, clock })]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await database.close();
  });

  it('share one signing key, made once even when both start signing at the same moment', async () => {
    const [keysA, keysB] = await Promise.all([a.http.get(`${BASE}/jwks`).expect(200), b.http.get(`${BASE}/jwks`).expect(200)]);
    expect(keysA.body.keys).toHaveLength(1);
    expect(keysB.body).toEqual(keysA.body);
  });

  it('redeem at one instance a code issued by the other, and verify its ID token with either JWKS', async () => {
    const { cookie } = await signUp(a);
    const client = await createOAuthClient(a, cookie);
    const { code, verifier, params } = await authorizationCode(a, cookie, client);
    const tokens = (await tokenRequest(b, client, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).expect(200)).body;
    const jwks = createLocalJWKSet((await a.http.get(`${BASE}/jwks`)).body as JSONWebKeySet);
    const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer: ISSUER, audience: client.client_id });
    expect(payload.nonce).toBe(params.nonce);
    await a.http.get(`${BASE}/oauth2/userinfo`).set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
    // The code was spent at b: a's second use is a replay.
    expect((await tokenRequest(a, client, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).expect(400)).body).toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps a family alive for a retry at the other instance within the grace period, and revokes it everywhere after', async () => {
    const { cookie } = await signUp(b);
    const client = await createOAuthClient(b, cookie);
    const { code, verifier } = await authorizationCode(b, cookie, client);
    const first = (await tokenRequest(a, client, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).expect(200)).body;
    const refreshed = (await tokenRequest(a, client, { grant_type: 'refresh_token', refresh_token: first.refresh_token }).expect(200)).body;
    // A retry of the same refresh at b, a second later: the successor already issued.
    a.clock.advance(1_000);
    const retried = await tokenRequest(b, client, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect([200, 400]).toContain(retried.status);
    if (retried.status === 200) expect(retried.body.refresh_token).toBe(refreshed.refresh_token);
    const next = (await tokenRequest(b, client, { grant_type: 'refresh_token', refresh_token: refreshed.refresh_token }).expect(200)).body;
    // After the grace period, the first token again at b: the family is revoked at both.
    a.clock.advance(11_000);
    expect((await tokenRequest(b, client, { grant_type: 'refresh_token', refresh_token: first.refresh_token }).expect(400)).body).toMatchObject({ error: 'invalid_grant' });
    await a.http.get(`${BASE}/oauth2/userinfo`).set('Authorization', `Bearer ${next.access_token}`).expect(401);
    await tokenRequest(a, client, { grant_type: 'refresh_token', refresh_token: next.refresh_token }).expect(400);
  });
});
