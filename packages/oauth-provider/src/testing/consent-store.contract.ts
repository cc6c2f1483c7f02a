import { randomUUID } from 'node:crypto';
import type { ConsentStore } from '../consents/consent.js';

export interface ConsentStoreHarness {
  /** A store with the users of `CONTRACT_USER_IDS` and the clients of `CONTRACT_CLIENT_IDS`. */
  store: ConsentStore;
  close(): Promise<void>;
}

const t0 = new Date(Date.UTC(2026, 5, 1, 12));
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

/** The behaviour every ConsentStore adapter must have; run it once per adapter. */
export function consentStoreContract(name: string, open: () => Promise<ConsentStoreHarness>): void {
  describe(`ConsentStore contract: ${name}`, () => {
    let harness: ConsentStoreHarness;
    let store: ConsentStore;
    const grant = (userId: string, clientId: string, scopes: string[], when: Date, id = randomUUID()) => store.grant({ id, userId, clientId, scopes }, when);

    beforeEach(async () => {
      harness = await open();
      store = harness.store;
    });
    afterEach(() => harness.close());

    it('creates a consent on the first grant, and finds it by user and client only', async () => {
      const id = randomUUID();
      const created = await grant('user-1', 'client-1', ['openid', 'email'], at(1), id);
      const expected = { id, userId: 'user-1', clientId: 'client-1', scopes: ['openid', 'email'], createdAt: at(1), updatedAt: at(1) };
      expect(created).toEqual(expected);
      expect(await store.find('user-1', 'client-1')).toEqual(expected);
      expect(await store.find('user-2', 'client-1')).toBeNull();
      expect(await store.find('user-1', 'client-2')).toBeNull();
    });

    it('adds the scopes of a later grant to the consent there is, each scope once', async () => {
      const first = await grant('user-1', 'client-1', ['openid', 'email'], at(1));
      const second = await grant('user-1', 'client-1', ['email', 'profile'], at(5));
      expect(second.id).toBe(first.id);
      expect(second.createdAt).toEqual(at(1));
      expect(second.updatedAt).toEqual(at(5));
      expect([...second.scopes].sort()).toEqual(['email', 'openid', 'profile']);
      expect(await store.find('user-1', 'client-1')).toEqual(second);
      const again = await grant('user-1', 'client-1', ['openid'], at(6));
      expect([...again.scopes].sort()).toEqual(['email', 'openid', 'profile']);
    });

    it('ends with one consent holding every scope when grants run together', async () => {
      const scopes = [['openid'], ['email'], ['profile'], ['offline_access'], ['openid', 'email'], ['files:read']];
      const answers = await Promise.all(scopes.map((each) => grant('user-1', 'client-1', each, at(2))));
      expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
      expect([...((await store.find('user-1', 'client-1'))?.scopes ?? [])].sort()).toEqual(['email', 'files:read', 'offline_access', 'openid', 'profile']);
      expect(await store.listByUser('user-1')).toHaveLength(1);
    });

    it('keeps users and clients apart', async () => {
      await grant('user-1', 'client-1', ['openid'], at(1));
      await grant('user-2', 'client-1', ['email'], at(2));
      await grant('user-1', 'client-2', ['profile'], at(3));
      expect((await store.find('user-1', 'client-1'))?.scopes).toEqual(['openid']);
      expect((await store.find('user-2', 'client-1'))?.scopes).toEqual(['email']);
      expect((await store.find('user-1', 'client-2'))?.scopes).toEqual(['profile']);
    });

    it("lists a user's consents newest first, and no one else's", async () => {
      const old = await grant('user-1', 'client-1', ['openid'], at(1));
      await grant('user-2', 'client-1', ['openid'], at(2));
      const newest = await grant('user-1', 'client-2', ['openid'], at(3));
      expect(await store.listByUser('user-1')).toEqual([newest, old]);
      expect(await store.listByUser('user-3')).toEqual([]);
    });

    it("deletes a consent only for its user", async () => {
      const mine = await grant('user-1', 'client-1', ['openid'], at(1));
      expect(await store.delete(mine.id, 'user-2')).toBe(false);
      expect(await store.find('user-1', 'client-1')).toEqual(mine);
      expect(await store.delete(mine.id, 'user-1')).toBe(true);
      expect(await store.delete(mine.id, 'user-1')).toBe(false);
      expect(await store.find('user-1', 'client-1')).toBeNull();
      const fresh = await grant('user-1', 'client-1', ['email'], at(9));
      expect(fresh.scopes).toEqual(['email']);
      expect(fresh.createdAt).toEqual(at(9));
    });

    it("deletes every consent to a client, and no other client's", async () => {
      await grant('user-1', 'client-1', ['openid'], at(1));
      await grant('user-2', 'client-1', ['openid'], at(2));
      const kept = await grant('user-1', 'client-2', ['openid'], at(3));
      expect(await store.deleteByClient('client-1')).toBe(2);
      expect(await store.deleteByClient('client-1')).toBe(0);
      expect(await store.listByUser('user-1')).toEqual([kept]);
      expect(await store.listByUser('user-2')).toEqual([]);
    });
  });
}
