import type { Database } from '@tend/database';
import { toVerification } from './records.js';
import type { Verification } from '../../entities.js';
import type { VerificationRepository } from '../../ports.js';

/** Verification values in the `verification` table (indexed on identifier). */
export class PrismaVerificationRepository implements VerificationRepository {
  constructor(private readonly db: Database) {}

  async create(verification: Verification): Promise<Verification> {
    return toVerification(await this.db.verification.create({ data: verification }));
  }

  async findByIdentifier(identifier: string, now: Date): Promise<Verification | null> {
    const row = await this.newest(identifier);
    if (!row) return null;
    if (row.expiresAt.getTime() <= now.getTime()) {
      await this.db.verification.deleteMany({ where: { id: row.id } });
      return null;
    }
    return toVerification(row);
  }

  async consume(identifier: string, now: Date): Promise<Verification | null> {
    const row = await this.newest(identifier);
    if (!row) return null;
    // The DELETE is the winner test: PostgreSQL lets only one of two concurrent deletes of a row
    // report it (the other waits for the first to commit, then finds nothing).
    const { count } = await this.db.verification.deleteMany({ where: { id: row.id } });
    if (count !== 1 || row.expiresAt.getTime() <= now.getTime()) return null;
    return toVerification(row);
  }

  async deleteByIdentifier(identifier: string): Promise<void> {
    await this.db.verification.deleteMany({ where: { identifier } });
  }

  async deleteExpired(now: Date): Promise<number> {
    return (await this.db.verification.deleteMany({ where: { expiresAt: { lte: now } } })).count;
  }

  private newest(identifier: string) {
    return this.db.verification.findFirst({ where: { identifier }, orderBy: { createdAt: 'desc' } });
  }
}
