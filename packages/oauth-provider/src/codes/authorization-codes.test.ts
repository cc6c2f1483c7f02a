import { randomBytes } from 'node:crypto';
import { createMemoryTables, ManualClock, SECOND } from '@tend/kernel';
import { MemoryAuthorizationCodeStore } from '../adapters/memory/memory-authorization-code-store.js';
import { s256Challenge } from '../authorize/pkce.js';
import { AuthorizationCodes, type IssueCodeInput } from './authorization-codes.js';

function setup() {
  const clock = new ManualClock();
  const codes = new AuthorizationCodes({ store: new MemoryAuthorizationCodeStore(createMemoryTables()), clock, ttlSeconds: 60 });
  const verifier = randomBytes(32).toString('base64url');
  const request: IssueCodeInput = {
    clientId: 'client-1',
    redirectUri: 'https://app.example/cb',
    scopes: ['openid', 'offline_access'],
    nonce: randomBytes(8).toString('hex'),
    codeChallenge: s256Challenge(verifier),
    codeChallengeMethod: 'S256',
    userId: `user-${randomBytes(4).toString('hex')}`,
    sessionId: 'session-1',
  };
  const redeemWith = (code: string, overrides: Partial<{ clientId: string; redirectUri: string; codeVerifier: string }> = {}) =>
    codes.redeem({ code, clientId: request.clientId, redirectUri: request.redirectUri, codeVerifier: verifier, ...overrides });
  return { clock, codes, verifier, request, redeemWith };
}

const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'OK' : result.error?.code);

describe('AuthorizationCodes', () => {
  it('grants what the code was bound to, once', async () => {
    const { codes, request, redeemWith } = setup();
    const { code, familyId } = await codes.issue(request);
    expect(await redeemWith(code)).toEqual({
      ok: true,
      grant: { clientId: request.clientId, userId: request.userId, sessionId: request.sessionId, scopes: request.scopes, nonce: request.nonce, familyId },
    });
  });

  it('answers a second use INVALID_GRANT with the family to revoke', async () => {
    const { codes, request, redeemWith } = setup();
    const { code, familyId } = await codes.issue(request);
    expect((await redeemWith(code)).ok).toBe(true);
    const again = await redeemWith(code);
    expect(codeOf(again)).toBe('INVALID_GRANT');
    expect(!again.ok && again.revokeFamily).toBe(familyId);
  });

  it('grants one of two concurrent redemptions; the other names the family', async () => {
    const { codes, request, redeemWith } = setup();
    const { code, familyId } = await codes.issue(request);
    const results = await Promise.all([redeemWith(code), redeemWith(code)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const refused = results.find((result) => !result.ok);
    expect(refused && !refused.ok && refused.revokeFamily).toBe(familyId);
  });

  it('gives each issue its own code and family', async () => {
    const { codes, request } = setup();
    const a = await codes.issue(request);
    const b = await codes.issue(request);
    expect(a.code).not.toBe(b.code);
    expect(a.familyId).not.toBe(b.familyId);
  });

  it.each([
    ['another client', { clientId: 'client-2' }],
    ['another redirect URI', { redirectUri: 'https://app.example/cb2' }],
  ])('refuses %s as INVALID_GRANT, revoking nothing', async (_label, overrides) => {
    const { codes, request, redeemWith } = setup();
    const { code } = await codes.issue(request);
    const result = await redeemWith(code, overrides);
    expect(codeOf(result)).toBe('INVALID_GRANT');
    expect(!result.ok && result.revokeFamily).toBeNull();
  });

  it('refuses a wrong verifier as INVALID_CODE_VERIFIER (401 invalid_request), and the code is spent', async () => {
    const { codes, request, redeemWith } = setup();
    const { code } = await codes.issue(request);
    const wrong = await redeemWith(code, { codeVerifier: randomBytes(32).toString('base64url') });
    expect(codeOf(wrong)).toBe('INVALID_CODE_VERIFIER');
    expect(!wrong.ok && wrong.error.status).toBe(401);
    expect(codeOf(await redeemWith(code))).toBe('INVALID_GRANT');
  });

  it('refuses an unknown code and an expired one', async () => {
    const { codes, clock, request, redeemWith } = setup();
    expect(codeOf(await redeemWith('not-a-code'))).toBe('INVALID_GRANT');
    expect(codeOf(await redeemWith(''))).toBe('INVALID_GRANT');
    const { code } = await codes.issue(request);
    const other = await codes.issue(request);
    clock.advance(59 * SECOND);
    expect((await redeemWith(other.code)).ok).toBe(true);
    clock.advance(SECOND);
    expect(codeOf(await redeemWith(code))).toBe('INVALID_GRANT');
  });

  it('issues no code without an S256 challenge', async () => {
    const { codes, request } = setup();
    await expect(codes.issue({ ...request, codeChallengeMethod: 'plain' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(codes.issue({ ...request, codeChallenge: 'short' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
