import type { Database } from '@tend/database';
import type { AuthorizationCodeRecord, ConsumeResult } from '../../codes/authorization-code.js';
import type { AuthorizationCodeStore } from '../../codes/authorization-code-store.port.js';
import { toCode } from './records.js';

/**
 * Authorization codes in the `oauth_authorization_code` table. A consume is one conditional
 * UPDATE (`consumedAt IS NULL`) returning the row: of concurrent ones, the first takes the row
 * lock and the others, re-checking the condition after it commits, update nothing (a replay).
 */
export class PrismaAuthorizationCodeStore implements AuthorizationCodeStore {
  constructor(private readonly db: Database) {}

  async save(code: AuthorizationCodeRecord): Promise<void> {
    await this.db.oauthAuthorizationCode.create({ data: code });
  }

  async consume(codeHash: string, now: Date): Promise<ConsumeResult> {
    const [consumed] = await this.db.oauthAuthorizationCode.updateManyAndReturn({ where: { codeHash, consumedAt: null }, data: { consumedAt: now } });
    if (consumed) return { status: 'consumed', code: toCode(consumed) };
    const row = await this.db.oauthAuthorizationCode.findUnique({ where: { codeHash } });
    return row ? { status: 'replayed', code: toCode(row) } : { status: 'unknown' };
  }

  async deleteExpired(now: Date): Promise<number> {
    const { count } = await this.db.oauthAuthorizationCode.deleteMany({ where: { expiresAt: { lt: now } } });
    return count;
  }
}
