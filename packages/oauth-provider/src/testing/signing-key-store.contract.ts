import type { SigningKeyRecord } from '../signing-keys/signing-key.js';
import type { SigningKeyStore } from '../signing-keys/signing-key-store.port.js';

export interface SigningKeyStoreHarness {
  store: SigningKeyStore;
  close(): Promise<void>;
}

const t0 = new Date(Date.UTC(2026, 5, 1, 12));
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

let serial = 0;
/** A record with fake key material: the store keeps it, it never reads it. */
function record(createdAt: Date, overrides: Partial<SigningKeyRecord> = {}): SigningKeyRecord {
  serial += 1;
  return {
    id: `key-${serial}-${Math.random().toString(36).slice(2)}`,
    algorithm: 'EdDSA',
    publicJwk: { kty: 'OKP', crv: 'Ed25519', x: `x${serial}` },
    encryptedPrivateJwk: `enc.v1.sealed-${serial}`,
    createdAt,
    retiredAt: null,
    publishedUntil: null,
    ...overrides,
  };
}

/** The behaviour every SigningKeyStore adapter must have; run it once per adapter. */
export function signingKeyStoreContract(name: string, open: () => Promise<SigningKeyStoreHarness>): void {
  describe(`SigningKeyStore contract: ${name}`, () => {
    let harness: SigningKeyStoreHarness;
    let store: SigningKeyStore;

    beforeEach(async () => {
      harness = await open();
      store = harness.store;
    });
    afterEach(() => harness.close());

    it('has no current key before the first, then keeps the first one stored', async () => {
      expect(await store.current()).toBeNull();
      const first = record(t0);
      expect((await store.currentOrCreate(first)).id).toBe(first.id);
      const second = record(at(1));
      expect((await store.currentOrCreate(second)).id).toBe(first.id);
      const current = await store.current();
      expect(current).toEqual(first);
    });

    it('ends with one current key when instances start together', async () => {
      const candidates = Array.from({ length: 5 }, (_, i) => record(at(i)));
      const answers = await Promise.all(candidates.map((candidate) => store.currentOrCreate(candidate)));
      const ids = new Set(answers.map((answer) => answer.id));
      expect(ids.size).toBe(1);
      expect((await store.current())?.id).toBe([...ids][0]);
      expect(await store.published(at(10))).toHaveLength(1);
    });

    it('rotates: the new key is current, the old one published until its tokens expire', async () => {
      const old = await store.currentOrCreate(record(t0));
      const next = record(at(100));
      await store.rotate(next, at(100), at(700));
      expect((await store.current())?.id).toBe(next.id);
      expect((await store.published(at(699))).map((key) => key.id)).toEqual([next.id, old.id]);
      const retired = (await store.published(at(699)))[1];
      expect(retired?.retiredAt).toEqual(at(100));
      expect(retired?.publishedUntil).toEqual(at(700));
      expect((await store.published(at(700))).map((key) => key.id)).toEqual([next.id]);
    });

    it('lists retired keys newest first and deletes only those no longer published', async () => {
      const first = await store.currentOrCreate(record(t0));
      const second = record(at(10));
      await store.rotate(second, at(10), at(1000));
      const third = record(at(20));
      await store.rotate(third, at(20), at(500));
      expect((await store.published(at(30))).map((key) => key.id)).toEqual([third.id, second.id, first.id]);
      expect(await store.deleteUnpublished(at(600))).toBe(1);
      expect((await store.published(at(30))).map((key) => key.id)).toEqual([third.id, first.id]);
      expect(await store.deleteUnpublished(at(600))).toBe(0);
      expect((await store.current())?.id).toBe(third.id);
    });
  });
}
