import type { MemoryTables } from '@tend/kernel';
import type { Verification } from '../../entities.js';
import type { VerificationRepository } from '../../ports.js';

/**
 * Verification values in memory. Each method runs without awaiting in between, so a consume
 * is atomic within the process, as a single DELETE is in the database.
 */
export class MemoryVerificationRepository implements VerificationRepository {
  constructor(private readonly tables: MemoryTables) {}

  async create(verification: Verification): Promise<Verification> {
    if (this.tables.verifications.has(verification.id)) throw new Error('Verification already exists');
    this.tables.verifications.set(verification.id, { ...verification });
    return { ...verification };
  }

  async findByIdentifier(identifier: string, now: Date): Promise<Verification | null> {
    const found = this.newest(identifier);
    if (!found) return null;
    if (isExpired(found, now)) {
      this.tables.verifications.delete(found.id);
      return null;
    }
    return { ...found };
  }

  async consume(identifier: string, now: Date): Promise<Verification | null> {
    const found = this.newest(identifier);
    if (!found) return null;
    this.tables.verifications.delete(found.id);
    return isExpired(found, now) ? null : { ...found };
  }

  async deleteByIdentifier(identifier: string): Promise<void> {
    for (const [id, verification] of this.tables.verifications) if (verification.identifier === identifier) this.tables.verifications.delete(id);
  }

  async deleteExpired(now: Date): Promise<number> {
    let count = 0;
    for (const [id, verification] of this.tables.verifications) {
      if (isExpired(verification, now)) {
        this.tables.verifications.delete(id);
        count += 1;
      }
    }
    return count;
  }

  private newest(identifier: string): Verification | null {
    let newest: Verification | null = null;
    for (const verification of this.tables.verifications.values()) {
      if (verification.identifier === identifier && (!newest || verification.createdAt.getTime() >= newest.createdAt.getTime())) newest = verification;
    }
    return newest;
  }
}

function isExpired(verification: Verification, now: Date): boolean {
  return verification.expiresAt.getTime() <= now.getTime();
}
