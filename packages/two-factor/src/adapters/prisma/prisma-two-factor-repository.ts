import type { Database } from '@tend/database';
import type { TwoFactorRecord, TwoFactorRepository } from '../../ports.js';

/**
 * The second factor in `two_factor` and `two_factor_backup_code`. A used step is one conditional
 * UPDATE (`lastStep` below the step) and a used backup code one DELETE: the row lock makes one
 * of parallel uses win.
 */
export class PrismaTwoFactorRepository implements TwoFactorRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<TwoFactorRecord | null> {
    return this.db.twoFactor.findUnique({ where: { userId } });
  }

  async enroll(record: TwoFactorRecord, hashes: readonly string[]): Promise<void> {
    await this.db.$transaction([
      this.db.twoFactorBackupCode.deleteMany({ where: { userId: record.userId } }),
      this.db.twoFactor.deleteMany({ where: { userId: record.userId } }),
      this.db.twoFactor.create({ data: record }),
      this.db.twoFactorBackupCode.createMany({ data: hashes.map((codeHash) => ({ id: `${record.id}:${codeHash.slice(0, 16)}`, userId: record.userId, codeHash, createdAt: record.createdAt })) }),
    ]);
  }

  async useStep(userId: string, step: number, now: Date): Promise<boolean> {
    const { count } = await this.db.twoFactor.updateMany({ where: { userId, OR: [{ lastStep: null }, { lastStep: { lt: step } }] }, data: { lastStep: step, updatedAt: now } });
    return count === 1;
  }

  async replaceBackupCodes(userId: string, hashes: readonly string[], now: Date): Promise<void> {
    await this.db.$transaction([
      this.db.twoFactorBackupCode.deleteMany({ where: { userId } }),
      this.db.twoFactorBackupCode.createMany({ data: hashes.map((codeHash) => ({ id: `${userId}:${now.getTime()}:${codeHash.slice(0, 16)}`, userId, codeHash, createdAt: now })) }),
    ]);
  }

  async useBackupCode(userId: string, hash: string): Promise<boolean> {
    const { count } = await this.db.twoFactorBackupCode.deleteMany({ where: { userId, codeHash: hash } });
    return count === 1;
  }

  async remove(userId: string): Promise<boolean> {
    const [, { count }] = await this.db.$transaction([this.db.twoFactorBackupCode.deleteMany({ where: { userId } }), this.db.twoFactor.deleteMany({ where: { userId } })]);
    return count > 0;
  }
}
