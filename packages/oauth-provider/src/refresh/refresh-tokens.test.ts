import { randomUUID } from 'node:crypto';
import { createMemoryTables, ManualClock, SECOND } from '@tend/kernel';
import { MemoryRefreshTokenStore, REFRESH_TOKENS_TABLE } from '../adapters/memory/memory-refresh-token-store.js';
import type { RefreshTokenRecord } from './refresh-token.js';
import { RefreshTokens, type RefreshResult } from './refresh-tokens.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';

function setup(graceSeconds = 5) {
  const tables = createMemoryTables();
  const store = new MemoryRefreshTokenStore(tables);
  const clock = new ManualClock();
  const tokens = new RefreshTokens({ store, clock, secret: SECRET, graceSeconds, ttlSeconds: 3600 });
  const familyId = randomUUID();
  const grant = { familyId, clientId: 'client-1', userId: `user-${randomUUID()}`, sessionId: 'session-1', scopes: ['openid', 'offline_access'] };
  const rotate = (refreshToken: string, clientId = grant.clientId) => tokens.rotate({ refreshToken, clientId });
  const rows = () => [...tables.table<RefreshTokenRecord>(REFRESH_TOKENS_TABLE).values()];
  return { tokens, store, clock, grant, rotate, rows };
}

function issued(result: RefreshResult): string {
  if (!result.ok) throw new Error(`expected a token, got ${result.error.code}`);
  return result.refreshToken;
}
const failure = (result: RefreshResult) => (result.ok ? null : { code: result.error.code, revokeFamily: result.revokeFamily });

describe('RefreshTokens', () => {
  it('rotates: each refresh answers a new token carrying the same grant, and stores only hashes', async () => {
    const { tokens, grant, rotate, rows } = setup();
    const { refreshToken: first } = await tokens.issue(grant);
    const second = await rotate(first);
    expect(second).toMatchObject({ ok: true, grant, retried: false });
    const third = await rotate(issued(second));
    expect(third).toMatchObject({ ok: true, grant, retried: false });
    expect(new Set([first, issued(second), issued(third)]).size).toBe(3);
    const stored = JSON.stringify(rows());
    for (const token of [first, issued(second), issued(third)]) expect(stored).not.toContain(token);
  });

  it('answers two concurrent refreshes with the same successor, and the family lives', async () => {
    const { tokens, grant, rotate, store } = setup();
    const { refreshToken } = await tokens.issue(grant);
    const [a, b] = await Promise.all([rotate(refreshToken), rotate(refreshToken)]);
    expect(issued(a)).toBe(issued(b));
    expect([a, b].filter((result) => result.ok && result.retried)).toHaveLength(1);
    expect(await store.isFamilyRevoked(grant.familyId)).toBe(false);
    expect((await rotate(issued(a))).ok).toBe(true);
  });

  it('answers a retry within the grace period with the successor, without revoking', async () => {
    const { tokens, grant, rotate, clock } = setup(5);
    const { refreshToken } = await tokens.issue(grant);
    const successor = issued(await rotate(refreshToken));
    clock.advance(5 * SECOND);
    const retry = await rotate(refreshToken);
    expect(retry).toMatchObject({ ok: true, retried: true, refreshToken: successor, grant });
    expect(await tokens.inspect(successor)).toEqual(grant);
  });

  it('refuses a retry within the grace period once the successor has itself been rotated, and the family lives', async () => {
    const { tokens, grant, rotate, clock } = setup(10);
    const { refreshToken } = await tokens.issue(grant);
    const successor = issued(await rotate(refreshToken));
    const third = issued(await rotate(successor));
    clock.advance(2 * SECOND);
    expect(failure(await rotate(refreshToken))).toEqual({ code: 'INVALID_GRANT', revokeFamily: null });
    expect(await tokens.inspect(third)).toEqual(grant);
  });

  it('revokes the whole family when a rotated token comes back after the grace period', async () => {
    const { tokens, grant, rotate, clock, store } = setup(2);
    const { refreshToken } = await tokens.issue(grant);
    const successor = issued(await rotate(refreshToken));
    clock.advance(2 * SECOND + 1);
    expect(failure(await rotate(refreshToken))).toEqual({ code: 'INVALID_GRANT', revokeFamily: grant.familyId });
    expect(await store.isFamilyRevoked(grant.familyId)).toBe(true);
    expect(await tokens.inspect(successor)).toBeNull();
    expect(failure(await rotate(successor))).toEqual({ code: 'INVALID_GRANT', revokeFamily: null });
  });

  it('leaves other families alone when one is revoked', async () => {
    const { tokens, grant, rotate } = setup();
    const mine = (await tokens.issue(grant)).refreshToken;
    const theirs = (await tokens.issue({ ...grant, familyId: randomUUID() })).refreshToken;
    await tokens.revokeFamily(grant.familyId);
    expect(failure(await rotate(mine))?.code).toBe('INVALID_GRANT');
    expect((await rotate(theirs)).ok).toBe(true);
  });

  it('refuses another client, an unknown token and an expired one, revoking nothing', async () => {
    const { tokens, grant, rotate, clock, store } = setup();
    const { refreshToken } = await tokens.issue(grant);
    expect(failure(await rotate(refreshToken, 'client-2'))).toEqual({ code: 'INVALID_GRANT', revokeFamily: null });
    expect(failure(await rotate('not-a-token'))).toEqual({ code: 'INVALID_GRANT', revokeFamily: null });
    expect(failure(await rotate(''))).toEqual({ code: 'INVALID_GRANT', revokeFamily: null });
    clock.advance(3600 * SECOND);
    expect(failure(await rotate(refreshToken))).toEqual({ code: 'INVALID_GRANT', revokeFamily: null });
    expect(await tokens.inspect(refreshToken)).toBeNull();
    expect(await store.isFamilyRevoked(grant.familyId)).toBe(false);
  });

  it.each([1, 11, 0, Number.NaN])('will not take a grace period of %s seconds', (graceSeconds) => {
    expect(() => setup(graceSeconds)).toThrow(/2 to 10 seconds/);
  });
});
