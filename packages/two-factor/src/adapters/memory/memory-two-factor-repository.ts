import type { TwoFactorRecord, TwoFactorRepository } from '../../ports.js';

/** The second-factor tables in memory (unit tests, one process). */
export class MemoryTwoFactorRepository implements TwoFactorRepository {
  readonly records = new Map<string, TwoFactorRecord>();
  readonly backupCodes = new Map<string, Set<string>>();

  async find(userId: string): Promise<TwoFactorRecord | null> {
    const record = this.records.get(userId);
    return record ? { ...record } : null;
  }

  async enroll(record: TwoFactorRecord, hashes: readonly string[]): Promise<void> {
    this.records.set(record.userId, { ...record });
    this.backupCodes.set(record.userId, new Set(hashes));
  }

  async useStep(userId: string, step: number, now: Date): Promise<boolean> {
    const record = this.records.get(userId);
    if (!record || (record.lastStep !== null && record.lastStep >= step)) return false;
    this.records.set(userId, { ...record, lastStep: step, updatedAt: now });
    return true;
  }

  async replaceBackupCodes(userId: string, hashes: readonly string[]): Promise<void> {
    this.backupCodes.set(userId, new Set(hashes));
  }

  async useBackupCode(userId: string, hash: string): Promise<boolean> {
    return this.backupCodes.get(userId)?.delete(hash) ?? false;
  }

  async remove(userId: string): Promise<boolean> {
    this.backupCodes.delete(userId);
    return this.records.delete(userId);
  }
}
