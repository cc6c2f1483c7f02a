import { randomUUID } from 'node:crypto';
import type { AccessTokenRecord, AccessTokenStore } from '../tokens/access-token.js';

export interface AccessTokenStoreHarness {
  /** A store with the users of `CONTRACT_USER_IDS` and the clients of `CONTRACT_CLIENT_IDS`. */
  store: AccessTokenStore;
  close(): Promise<void>;
}

const t0 = new Date(Date.UTC(2026, 5, 1, 12));
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function token(overrides: Partial<AccessTokenRecord> = {}): AccessTokenRecord {
  return {
    id: randomUUID(),
    clientId: 'client-1',
    userId: 'user-1',
    sessionId: 'session-1',
    familyId: randomUUID(),
    scopes: ['openid', 'email'],
    createdAt: t0,
    expiresAt: at(3600),
    revokedAt: null,
    ...overrides,
  };
}

/** The behaviour every AccessTokenStore adapter must have; run it once per adapter. */
export function accessTokenStoreContract(name: string, open: () => Promise<AccessTokenStoreHarness>): void {
  describe(`AccessTokenStore contract: ${name}`, () => {
    let harness: AccessTokenStoreHarness;
    let store: AccessTokenStore;
    const stored = async (overrides: Partial<AccessTokenRecord> = {}) => {
      const made = token(overrides);
      await store.insert(made);
      return made;
    };
    const revokedAt = async (id: string) => (await store.find(id))?.revokedAt;

    beforeEach(async () => {
      harness = await open();
      store = harness.store;
    });
    afterEach(() => harness.close());

    it('finds what it stored, every field intact, and nothing else', async () => {
      const user = await stored();
      const machine = await stored({ userId: null, sessionId: null, familyId: null, scopes: ['files:read'], clientId: 'client-2' });
      expect(await store.find(user.id)).toEqual(user);
      expect(await store.find(machine.id)).toEqual(machine);
      expect(await store.find(randomUUID())).toBeNull();
    });

    it('refuses a second token with the same id', async () => {
      const first = await stored();
      await expect(store.insert(token({ id: first.id, userId: 'user-2' }))).rejects.toThrow();
      expect(await store.find(first.id)).toEqual(first);
    });

    it('revokes a token once: the first time stays, and only that token', async () => {
      const a = await stored();
      const b = await stored({ familyId: a.familyId });
      expect(await store.revoke(a.id, at(10))).toBe(true);
      expect(await store.revoke(a.id, at(20))).toBe(true);
      expect(await store.find(a.id)).toEqual({ ...a, revokedAt: at(10) });
      expect(await revokedAt(b.id)).toBeNull();
      expect(await store.revoke(randomUUID(), at(30))).toBe(false);
    });

    it('revokes a family, counting the tokens it turned inactive', async () => {
      const family = randomUUID();
      const done = await stored({ familyId: family });
      await store.revoke(done.id, at(5));
      const a = await stored({ familyId: family });
      const b = await stored({ familyId: family, sessionId: 'session-2' });
      const other = await stored();
      expect(await store.revokeFamily(family, at(10))).toBe(2);
      expect(await store.revokeFamily(family, at(11))).toBe(0);
      expect([await revokedAt(done.id), await revokedAt(a.id), await revokedAt(b.id)]).toEqual([at(5), at(10), at(10)]);
      expect(await revokedAt(other.id)).toBeNull();
    });

    it('revokes the tokens of a session, and no other session', async () => {
      const a = await stored({ sessionId: 'session-a' });
      const b = await stored({ sessionId: 'session-a', clientId: 'client-2' });
      const other = await stored({ sessionId: 'session-b' });
      const machine = await stored({ sessionId: null, userId: null, familyId: null });
      expect(await store.revokeSession('session-a', at(10))).toBe(2);
      expect(await store.revokeSession('session-a', at(11))).toBe(0);
      expect([await revokedAt(a.id), await revokedAt(b.id)]).toEqual([at(10), at(10)]);
      expect([await revokedAt(other.id), await revokedAt(machine.id)]).toEqual([null, null]);
    });

    it('revokes the tokens of a client, and no other client', async () => {
      const a = await stored({ clientId: 'client-1' });
      const b = await stored({ clientId: 'client-1', userId: 'user-2', sessionId: 'session-2' });
      const machine = await stored({ clientId: 'client-1', userId: null, sessionId: null, familyId: null });
      const other = await stored({ clientId: 'client-2' });
      expect(await store.revokeClient('client-1', at(10))).toBe(3);
      expect(await store.revokeClient('client-1', at(11))).toBe(0);
      expect([await revokedAt(a.id), await revokedAt(b.id), await revokedAt(machine.id)]).toEqual([at(10), at(10), at(10)]);
      expect(await revokedAt(other.id)).toBeNull();
    });

    it('revokes what one user granted one client, and nothing of other users or clients', async () => {
      const a = await stored({ clientId: 'client-1', userId: 'user-1' });
      const b = await stored({ clientId: 'client-1', userId: 'user-1', sessionId: 'session-2' });
      const otherUser = await stored({ clientId: 'client-1', userId: 'user-2' });
      const otherClient = await stored({ clientId: 'client-2', userId: 'user-1' });
      expect(await store.revokeGrant('user-1', 'client-1', at(10))).toBe(2);
      expect(await store.revokeGrant('user-1', 'client-1', at(11))).toBe(0);
      expect([await revokedAt(a.id), await revokedAt(b.id)]).toEqual([at(10), at(10)]);
      expect([await revokedAt(otherUser.id), await revokedAt(otherClient.id)]).toEqual([null, null]);
    });

    it('counts each token once when revocations run together', async () => {
      const family = randomUUID();
      const tokens = await Promise.all(Array.from({ length: 5 }, () => stored({ familyId: family, sessionId: 'session-x' })));
      const counts = await Promise.all([
        store.revokeFamily(family, at(10)),
        store.revokeSession('session-x', at(10)),
        store.revokeClient('client-1', at(10)),
        store.revokeFamily(family, at(10)),
      ]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(tokens.length);
      for (const each of tokens) expect(await revokedAt(each.id)).toEqual(at(10));
    });

    it('deletes only tokens expired before the time, revoked or not', async () => {
      const expired = await stored({ expiresAt: at(30) });
      const revoked = await stored({ expiresAt: at(40) });
      await store.revoke(revoked.id, at(1));
      const edge = await stored({ expiresAt: at(60) });
      const alive = await stored({ expiresAt: at(90), revokedAt: at(2) });
      expect(await store.deleteExpired(at(60))).toBe(2);
      expect(await store.deleteExpired(at(60))).toBe(0);
      expect([await store.find(expired.id), await store.find(revoked.id)]).toEqual([null, null]);
      expect(await store.find(edge.id)).toEqual(edge);
      expect(await store.find(alive.id)).toEqual(alive);
    });
  });
}
