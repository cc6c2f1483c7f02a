import { randomUUID } from 'node:crypto';
import type { RefreshTokenRecord } from '../refresh/refresh-token.js';
import type { RefreshTokenStore } from '../refresh/refresh-token-store.port.js';

export interface RefreshTokenStoreHarness {
  store: RefreshTokenStore;
  close(): Promise<void>;
}

const t0 = new Date(Date.UTC(2026, 5, 1, 12));
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function token(familyId: string, overrides: Partial<RefreshTokenRecord> = {}): RefreshTokenRecord {
  return {
    tokenHash: randomUUID(),
    familyId,
    clientId: 'client-1',
    userId: 'user-1',
    sessionId: 'session-1',
    scopes: ['openid', 'offline_access'],
    createdAt: t0,
    expiresAt: at(3600),
    rotatedAt: null,
    successorHash: null,
    sealedSuccessor: null,
    ...overrides,
  };
}

/** The behaviour every RefreshTokenStore adapter must have; run it once per adapter. */
export function refreshTokenStoreContract(name: string, open: () => Promise<RefreshTokenStoreHarness>): void {
  describe(`RefreshTokenStore contract: ${name}`, () => {
    let harness: RefreshTokenStoreHarness;
    let store: RefreshTokenStore;
    let family: string;

    beforeEach(async () => {
      harness = await open();
      store = harness.store;
      family = randomUUID();
    });
    afterEach(() => harness.close());

    it('finds what it stored, and nothing else', async () => {
      const stored = token(family);
      await store.insert(stored);
      expect(await store.find(stored.tokenHash)).toEqual(stored);
      expect(await store.find(randomUUID())).toBeNull();
    });

    it('rotates a token once into its successor, recording it sealed', async () => {
      const first = token(family);
      await store.insert(first);
      const next = token(family, { createdAt: at(10) });
      expect(await store.rotate(first.tokenHash, next, 'enc.v1.sealed', at(10))).toEqual({ status: 'rotated' });
      expect(await store.find(next.tokenHash)).toEqual(next);
      const rotated = { ...first, rotatedAt: at(10), successorHash: next.tokenHash, sealedSuccessor: 'enc.v1.sealed' };
      expect(await store.find(first.tokenHash)).toEqual(rotated);
      const late = token(family);
      expect(await store.rotate(first.tokenHash, late, 'enc.v1.other', at(11))).toEqual({ status: 'already-rotated', token: rotated });
      expect(await store.find(late.tokenHash)).toBeNull();
    });

    it('lets exactly one of concurrent rotations win; the others see its successor', async () => {
      const first = token(family);
      await store.insert(first);
      const successors = Array.from({ length: 6 }, () => token(family));
      const results = await Promise.all(successors.map((next, i) => store.rotate(first.tokenHash, next, `enc.v1.${i}`, at(5))));
      const winners = successors.filter((_, i) => results[i]?.status === 'rotated');
      expect(winners).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'already-rotated') expect(result.token.successorHash).toBe(winners[0]?.tokenHash);
        else expect(result.status).toBe('rotated');
      }
      const stored = await Promise.all(successors.map((next) => store.find(next.tokenHash)));
      expect(stored.filter(Boolean)).toHaveLength(1);
    });

    it('revokes every family one user holds for one client, and no other', async () => {
      const second = randomUUID();
      const otherUser = randomUUID();
      const otherClient = randomUUID();
      await store.insert(token(family));
      await store.insert(token(family));
      await store.insert(token(second));
      await store.insert(token(otherUser, { userId: 'user-2' }));
      await store.insert(token(otherClient, { clientId: 'client-2' }));
      expect(await store.revokeGrant('user-1', 'client-1', at(5))).toBe(2);
      expect([await store.isFamilyRevoked(family), await store.isFamilyRevoked(second)]).toEqual([true, true]);
      expect([await store.isFamilyRevoked(otherUser), await store.isFamilyRevoked(otherClient)]).toEqual([false, false]);
      expect(await store.revokeGrant('user-9', 'client-1', at(6))).toBe(0);
    });

    it('deletes expired tokens and revoked families older than a token can live, nothing else', async () => {
      const expired = token(family, { expiresAt: at(10) });
      const alive = token(family, { expiresAt: at(100) });
      await store.insert(expired);
      await store.insert(alive);
      const old = randomUUID();
      await store.revokeFamily(old, at(1));
      await store.revokeFamily(family, at(50));
      expect(await store.deleteExpired(at(20), at(40))).toBe(1);
      expect(await store.find(expired.tokenHash)).toBeNull();
      expect(await store.find(alive.tokenHash)).not.toBeNull();
      expect([await store.isFamilyRevoked(old), await store.isFamilyRevoked(family)]).toEqual([false, true]);
    });

    it('answers an unknown token as unknown', async () => {
      expect(await store.rotate(randomUUID(), token(family), 'enc.v1.x', at(1))).toEqual({ status: 'unknown' });
    });

    it('revokes a whole family, tokens stored before and after, and no other family', async () => {
      const first = token(family);
      const other = token(randomUUID());
      await store.insert(first);
      await store.insert(other);
      await store.revokeFamily(family, at(20));
      await store.revokeFamily(family, at(21));
      expect(await store.isFamilyRevoked(family)).toBe(true);
      expect(await store.isFamilyRevoked(other.familyId)).toBe(false);
      const next = token(family);
      expect(await store.rotate(first.tokenHash, next, 'enc.v1.x', at(22))).toEqual({ status: 'revoked' });
      expect(await store.find(next.tokenHash)).toBeNull();
      const later = token(family);
      await store.insert(later);
      expect(await store.rotate(later.tokenHash, token(family), 'enc.v1.y', at(23))).toEqual({ status: 'revoked' });
      expect((await store.rotate(other.tokenHash, token(other.familyId), 'enc.v1.z', at(23))).status).toBe('rotated');
    });
  });
}
