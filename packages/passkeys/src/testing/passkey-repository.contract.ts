import { uuid } from '@tend/kernel';
import { newUser, type User } from '@tend/identity';
import type { Passkey } from '../passkey.js';
import type { PasskeyRepository } from '../passkey-repository.port.js';

export interface PasskeyRepositoryHarness {
  passkeys: PasskeyRepository;
  /** Stores a user passkeys can belong to. */
  seedUser(user: User): Promise<void>;
  /** Deletes a user the way account deletion does (passkeys go with it). */
  deleteUser(id: string): Promise<void>;
  close(): Promise<void>;
}

/** The behaviour every PasskeyRepository adapter must have; run it once per adapter. */
export function passkeyRepositoryContract(name: string, open: () => Promise<PasskeyRepositoryHarness>): void {
  describe(`PasskeyRepository contract: ${name}`, () => {
    let harness: PasskeyRepositoryHarness;
    let passkeys: PasskeyRepository;
    let ada: User;
    let bob: User;
    const t0 = new Date(Date.UTC(2026, 5, 1, 12));

    const passkey = (overrides: Partial<Passkey> = {}): Passkey => ({
      id: uuid(),
      name: 'Laptop',
      userId: ada.id,
      credentialID: uuid(),
      publicKey: 'pQECAyYgASFYIA',
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: ['internal', 'hybrid'],
      aaguid: null,
      createdAt: t0,
      ...overrides,
    });

    beforeEach(async () => {
      harness = await open();
      passkeys = harness.passkeys;
      ada = newUser({ id: uuid(), email: `ada.${uuid()}@example.com`, name: 'Ada' }, t0);
      bob = newUser({ id: uuid(), email: `bob.${uuid()}@example.com`, name: 'Bob' }, t0);
      await harness.seedUser(ada);
      await harness.seedUser(bob);
    });
    afterEach(() => harness.close());

    it('stores a passkey and finds it by credential id, with every field', async () => {
      const stored = passkey({ counter: 4_000_000_000 });
      expect(await passkeys.create(stored)).toBe(true);
      expect(await passkeys.findByCredentialId(stored.credentialID)).toEqual(stored);
      expect(await passkeys.findByCredentialId('unknown')).toBeNull();
    });

    it('refuses a credential id registered already, storing nothing', async () => {
      const first = passkey();
      await passkeys.create(first);
      expect(await passkeys.create(passkey({ credentialID: first.credentialID, userId: bob.id }))).toBe(false);
      expect(await passkeys.listByUser(bob.id)).toEqual([]);
    });

    it("lists, finds, renames and deletes only the owner's passkeys", async () => {
      const older = passkey({ createdAt: t0 });
      const newer = passkey({ createdAt: new Date(t0.getTime() + 1000), transports: [] });
      await passkeys.create(newer);
      await passkeys.create(older);
      expect((await passkeys.listByUser(ada.id)).map((p) => p.id)).toEqual([older.id, newer.id]);
      expect(await passkeys.findOwned(older.id, bob.id)).toBeNull();
      expect(await passkeys.rename(older.id, bob.id, 'Mine now')).toBeNull();
      expect(await passkeys.delete(older.id, bob.id)).toBe(false);
      expect((await passkeys.findOwned(older.id, ada.id))?.name).toBe('Laptop');
      expect((await passkeys.rename(older.id, ada.id, 'Phone'))?.name).toBe('Phone');
      expect(await passkeys.delete(older.id, ada.id)).toBe(true);
      expect(await passkeys.delete(older.id, ada.id)).toBe(false);
      expect((await passkeys.listByUser(ada.id)).map((p) => p.id)).toEqual([newer.id]);
    });

    it('advances the counter only from the value it holds: one of two parallel sign-ins wins', async () => {
      const stored = passkey({ counter: 5 });
      await passkeys.create(stored);
      const results = await Promise.all([passkeys.advanceCounter(stored.id, 5, 6), passkeys.advanceCounter(stored.id, 5, 6)]);
      expect(results.sort()).toEqual([false, true]);
      expect((await passkeys.findOwned(stored.id, ada.id))?.counter).toBe(6);
      expect(await passkeys.advanceCounter('gone', 0, 1)).toBe(false);
    });

    it("deletes every passkey of a user, and a deleted user's go with it", async () => {
      await passkeys.create(passkey());
      await passkeys.create(passkey());
      await passkeys.create(passkey({ userId: bob.id }));
      expect(await passkeys.deleteAllOf(ada.id)).toBe(2);
      expect(await passkeys.listByUser(ada.id)).toEqual([]);
      await harness.deleteUser(bob.id);
      expect(await passkeys.listByUser(bob.id)).toEqual([]);
    });
  });
}
