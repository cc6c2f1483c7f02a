import type { Database } from '@tend/database';
import { isPublished, type SigningKeyRecord } from '../../signing-keys/signing-key.js';
import type { SigningKeyStore } from '../../signing-keys/signing-key-store.port.js';
import { toSigningKey, toSigningKeyRow, TRANSACTION_OPTIONS } from './records.js';

type Client = Parameters<Parameters<Database['$transaction']>[0]>[0];

/**
 * Signing keys in the `oauth_signing_key` table. Making the first key and rotating run under one
 * transaction-scoped advisory lock: instances starting together queue there, and the later ones
 * find the key the first made; a rotation retires and inserts in one transaction, so readers
 * never see no current key, nor two.
 */
export class PrismaSigningKeyStore implements SigningKeyStore {
  constructor(private readonly db: Database) {}

  async currentOrCreate(candidate: SigningKeyRecord): Promise<SigningKeyRecord> {
    const found = await this.current();
    if (found) return found;
    return this.db.$transaction(async (tx) => {
      await lockKeys(tx);
      const current = await currentIn(tx);
      if (current) return current;
      await tx.oauthSigningKey.create({ data: toSigningKeyRow(candidate) });
      return candidate;
    }, TRANSACTION_OPTIONS);
  }

  async current(): Promise<SigningKeyRecord | null> {
    return currentIn(this.db);
  }

  async rotate(next: SigningKeyRecord, retiredAt: Date, publishedUntil: Date): Promise<void> {
    await this.db.$transaction(async (tx) => {
      await lockKeys(tx);
      await tx.oauthSigningKey.updateMany({ where: { retiredAt: null }, data: { retiredAt, publishedUntil } });
      await tx.oauthSigningKey.create({ data: toSigningKeyRow({ ...next, retiredAt: null, publishedUntil: null }) });
    }, TRANSACTION_OPTIONS);
  }

  async published(now: Date): Promise<SigningKeyRecord[]> {
    const rows = await this.db.oauthSigningKey.findMany({ where: { OR: [{ retiredAt: null }, { publishedUntil: { gt: now } }] } });
    return rows
      .map(toSigningKey)
      .filter((key) => isPublished(key, now))
      .sort((a, b) => rank(a) - rank(b) || b.createdAt.getTime() - a.createdAt.getTime());
  }

  async deleteUnpublished(now: Date): Promise<number> {
    const { count } = await this.db.oauthSigningKey.deleteMany({
      where: { retiredAt: { not: null }, OR: [{ publishedUntil: null }, { publishedUntil: { lte: now } }] },
    });
    return count;
  }
}

const rank = (key: SigningKeyRecord) => (key.retiredAt === null ? 0 : 1);

/** Serialises the writers of the signing keys until the transaction ends. */
async function lockKeys(tx: Client): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('oauth-signing-keys'))`;
}

async function currentIn(db: Client | Database): Promise<SigningKeyRecord | null> {
  const row = await db.oauthSigningKey.findFirst({ where: { retiredAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return row ? toSigningKey(row) : null;
}
