import { uuid } from '@tend/kernel';
import type { Verification } from '../entities.js';
import type { VerificationRepository } from '../ports.js';

export interface VerificationRepositoryHarness {
  verifications: VerificationRepository;
  /** How many records the store holds, expired or not. */
  count(): Promise<number>;
  close(): Promise<void>;
}

const HOUR = 3_600_000;

/** The behaviour every VerificationRepository adapter must have; run it once per adapter. */
export function verificationRepositoryContract(name: string, open: () => Promise<VerificationRepositoryHarness>): void {
  describe(`VerificationRepository contract: ${name}`, () => {
    let h: VerificationRepositoryHarness;
    const now = new Date(Date.UTC(2026, 5, 1, 12));
    beforeEach(async () => {
      h = await open();
    });
    afterEach(() => h.close());

    const record = (overrides: Partial<Verification> = {}): Verification => ({
      id: uuid(),
      identifier: `reset-password:${uuid()}`,
      value: uuid(),
      expiresAt: new Date(now.getTime() + HOUR),
      createdAt: now,
      updatedAt: now,
      ...overrides,
    });

    it('finds a live record by identifier, and nothing for an unknown one', async () => {
      const created = record();
      await h.verifications.create(created);
      expect(await h.verifications.findByIdentifier(created.identifier, now)).toEqual(created);
      expect(await h.verifications.findByIdentifier('reset-password:unknown', now)).toBeNull();
    });

    it('answers the newest record when an identifier has several', async () => {
      const older = record({ createdAt: new Date(now.getTime() - 1000) });
      const newer = record({ identifier: older.identifier, value: 'newer' });
      await h.verifications.create(older);
      await h.verifications.create(newer);
      expect((await h.verifications.findByIdentifier(older.identifier, now))?.value).toBe('newer');
    });

    it('deletes an expired record when it is looked up', async () => {
      const expired = record({ expiresAt: now });
      await h.verifications.create(expired);
      expect(await h.verifications.findByIdentifier(expired.identifier, now)).toBeNull();
      expect(await h.count()).toBe(0);
    });

    it('consumes a record once: the first call gets it, the next gets null', async () => {
      const created = record();
      await h.verifications.create(created);
      expect(await h.verifications.consume(created.identifier, now)).toEqual(created);
      expect(await h.verifications.consume(created.identifier, now)).toBeNull();
      expect(await h.verifications.findByIdentifier(created.identifier, now)).toBeNull();
    });

    it('gives a record to exactly one of parallel consumers', async () => {
      const created = record();
      await h.verifications.create(created);
      const results = await Promise.all(Array.from({ length: 10 }, () => h.verifications.consume(created.identifier, now)));
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      expect(await h.count()).toBe(0);
    });

    it('consumes an expired record into nothing', async () => {
      const expired = record({ expiresAt: new Date(now.getTime() - 1) });
      await h.verifications.create(expired);
      expect(await h.verifications.consume(expired.identifier, now)).toBeNull();
      expect(await h.count()).toBe(0);
    });

    it('deletes by identifier, and every expired record', async () => {
      const [a, b] = [record(), record()];
      const expired = [record({ expiresAt: now }), record({ expiresAt: new Date(now.getTime() - HOUR) })];
      for (const r of [a, b, ...expired]) await h.verifications.create(r);
      await h.verifications.deleteByIdentifier(a.identifier);
      expect(await h.verifications.findByIdentifier(a.identifier, now)).toBeNull();
      expect(await h.verifications.deleteExpired(now)).toBe(2);
      expect(await h.count()).toBe(1);
      expect(await h.verifications.findByIdentifier(b.identifier, now)).toEqual(b);
    });
  });
}
