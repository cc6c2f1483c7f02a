import type { Database } from '@tend/database';
import { isUniqueViolation } from '@tend/database';
import type { Passkey } from '../../passkey.js';
import type { PasskeyRepository } from '../../passkey-repository.port.js';
import { toPasskey, toPasskeyRow } from './passkey-record.js';

/** Passkeys in the `passkey` table; every write names the owner, so another user's id changes nothing. */
export class PrismaPasskeyRepository implements PasskeyRepository {
  constructor(private readonly db: Database) {}

  async create(passkey: Passkey): Promise<boolean> {
    try {
      await this.db.passkey.create({ data: toPasskeyRow(passkey) });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async findByCredentialId(credentialID: string): Promise<Passkey | null> {
    const row = await this.db.passkey.findUnique({ where: { credentialID } });
    return row ? toPasskey(row) : null;
  }

  async findOwned(id: string, userId: string): Promise<Passkey | null> {
    const row = await this.db.passkey.findFirst({ where: { id, userId } });
    return row ? toPasskey(row) : null;
  }

  async listByUser(userId: string): Promise<Passkey[]> {
    const rows = await this.db.passkey.findMany({ where: { userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(toPasskey);
  }

  async rename(id: string, userId: string, name: string): Promise<Passkey | null> {
    const { count } = await this.db.passkey.updateMany({ where: { id, userId }, data: { name } });
    return count > 0 ? this.findOwned(id, userId) : null;
  }

  async delete(id: string, userId: string): Promise<boolean> {
    const { count } = await this.db.passkey.deleteMany({ where: { id, userId } });
    return count > 0;
  }

  async advanceCounter(id: string, from: number, to: number): Promise<boolean> {
    const { count } = await this.db.passkey.updateMany({ where: { id, counter: BigInt(from) }, data: { counter: BigInt(to) } });
    return count > 0;
  }

  async deleteAllOf(userId: string): Promise<number> {
    const { count } = await this.db.passkey.deleteMany({ where: { userId } });
    return count;
  }
}
