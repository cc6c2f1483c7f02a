import { randomUUID } from 'node:crypto';
import type { AuthorizationCodeRecord } from '../codes/authorization-code.js';
import type { AuthorizationCodeStore } from '../codes/authorization-code-store.port.js';

export interface AuthorizationCodeStoreHarness {
  store: AuthorizationCodeStore;
  close(): Promise<void>;
}

const t0 = new Date(Date.UTC(2026, 5, 1, 12));
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function code(overrides: Partial<AuthorizationCodeRecord> = {}): AuthorizationCodeRecord {
  return {
    codeHash: randomUUID(),
    clientId: 'client-1',
    redirectUri: 'https://app.example/cb',
    scopes: ['openid', 'email'],
    nonce: 'n-0S6_WzA2Mj',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    codeChallengeMethod: 'S256',
    userId: 'user-1',
    sessionId: 'session-1',
    familyId: randomUUID(),
    createdAt: t0,
    expiresAt: at(60),
    consumedAt: null,
    ...overrides,
  };
}

/** The behaviour every AuthorizationCodeStore adapter must have; run it once per adapter. */
export function authorizationCodeStoreContract(name: string, open: () => Promise<AuthorizationCodeStoreHarness>): void {
  describe(`AuthorizationCodeStore contract: ${name}`, () => {
    let harness: AuthorizationCodeStoreHarness;
    let store: AuthorizationCodeStore;

    beforeEach(async () => {
      harness = await open();
      store = harness.store;
    });
    afterEach(() => harness.close());

    it('answers a saved code once as consumed, with every field, then as replayed', async () => {
      const saved = code();
      await store.save(saved);
      expect(await store.consume(saved.codeHash, at(5))).toEqual({ status: 'consumed', code: { ...saved, consumedAt: at(5) } });
      expect(await store.consume(saved.codeHash, at(6))).toEqual({ status: 'replayed', code: { ...saved, consumedAt: at(5) } });
    });

    it('answers an unknown code as unknown', async () => {
      await store.save(code());
      expect(await store.consume(randomUUID(), at(1))).toEqual({ status: 'unknown' });
    });

    it('lets exactly one of concurrent consumes win', async () => {
      const saved = code();
      await store.save(saved);
      const results = await Promise.all(Array.from({ length: 8 }, () => store.consume(saved.codeHash, at(2))));
      expect(results.filter((result) => result.status === 'consumed')).toHaveLength(1);
      expect(results.filter((result) => result.status === 'replayed')).toHaveLength(7);
    });

    it('keeps codes apart', async () => {
      const a = code();
      const b = code({ userId: 'user-2' });
      await store.save(a);
      await store.save(b);
      await store.consume(a.codeHash, at(1));
      const second = await store.consume(b.codeHash, at(1));
      expect(second.status).toBe('consumed');
      expect(second.status === 'consumed' && second.code.userId).toBe('user-2');
    });

    it('deletes only expired codes', async () => {
      const short = code({ expiresAt: at(30) });
      const long = code({ expiresAt: at(90) });
      await store.save(short);
      await store.save(long);
      expect(await store.deleteExpired(at(60))).toBe(1);
      expect((await store.consume(short.codeHash, at(61))).status).toBe('unknown');
      expect((await store.consume(long.codeHash, at(61))).status).toBe('consumed');
    });
  });
}
