import type { ManualClock } from '@tend/kernel';
import type { RevocationRegistry } from '../revocation-registry.port.js';

export interface RevocationRegistryHarness {
  /** A registry that has been used once (a shared one learns then where its knowledge starts). */
  registry: RevocationRegistry;
  /** The registry's clock; the suite moves it. */
  clock: ManualClock;
  close(): Promise<void>;
}

const SECOND = 1000;

/** The behaviour every RevocationRegistry adapter must have; run it once per adapter. */
export function revocationRegistryContract(name: string, open: () => Promise<RevocationRegistryHarness>): void {
  describe(`RevocationRegistry contract: ${name}`, () => {
    let harness: RevocationRegistryHarness;
    let registry: RevocationRegistry;
    let counter = 0;
    const unique = (what: string) => `${what}-${Date.now()}-${(counter += 1)}`;
    const at = (offsetMs: number) => new Date(harness.clock.now().getTime() + offsetMs);

    beforeEach(async () => {
      harness = await open();
      registry = harness.registry;
      // Every copy below is made well after the registry was first used.
      harness.clock.advance(60 * SECOND);
    });
    afterEach(() => harness.close());

    it('trusts a copy of a session nobody revoked', async () => {
      expect(await registry.isRevoked(unique('token'), unique('user'), at(0))).toBe(false);
    });

    it('refuses every copy of a revoked session, made before or after the revocation, and only of that session', async () => {
      const [token, other, user] = [unique('token'), unique('token'), unique('user')];
      await registry.revokeSession(token);
      expect(await registry.isRevoked(token, user, at(-30 * SECOND))).toBe(true);
      expect(await registry.isRevoked(token, user, at(30 * SECOND))).toBe(true);
      expect(await registry.isRevoked(other, user, at(0))).toBe(false);
    });

    it("refuses the copies of a user's sessions made up to the revocation, and trusts later ones and other users'", async () => {
      const [token, user, other] = [unique('token'), unique('user'), unique('user')];
      await registry.revokeUser(user, at(0));
      expect(await registry.isRevoked(token, user, at(-30 * SECOND))).toBe(true);
      expect(await registry.isRevoked(token, user, at(0))).toBe(true);
      expect(await registry.isRevoked(token, user, at(30 * SECOND))).toBe(false);
      expect(await registry.isRevoked(token, other, at(-30 * SECOND))).toBe(false);
    });

    it('keeps the latest revocation of a user when an older one arrives late', async () => {
      const [token, user] = [unique('token'), unique('user')];
      await registry.revokeUser(user, at(0));
      await registry.revokeUser(user, at(-20 * SECOND));
      expect(await registry.isRevoked(token, user, at(-10 * SECOND))).toBe(true);
    });

    it('answers the same to every caller, many at once', async () => {
      const [token, user] = [unique('token'), unique('user')];
      await registry.revokeSession(token);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => registry.isRevoked(i % 2 ? token : unique('token'), user, at(0))));
      expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i % 2 === 1));
    });
  });
}
