import type { MemoryTables } from '@tend/kernel';
import { isPublished, type SigningKeyRecord } from '../../signing-keys/signing-key.js';
import type { SigningKeyStore } from '../../signing-keys/signing-key-store.port.js';

export const SIGNING_KEYS_TABLE = 'oauthSigningKeys';

/** Signing keys in memory; each method decides and writes in one synchronous step (atomic). */
export class MemorySigningKeyStore implements SigningKeyStore {
  private readonly rows: Map<string, SigningKeyRecord>;

  constructor(tables: MemoryTables) {
    this.rows = tables.table<SigningKeyRecord>(SIGNING_KEYS_TABLE);
  }

  async currentOrCreate(candidate: SigningKeyRecord): Promise<SigningKeyRecord> {
    const found = this.currentRow();
    if (found) return copy(found);
    this.rows.set(candidate.id, copy(candidate));
    return copy(candidate);
  }

  async current(): Promise<SigningKeyRecord | null> {
    const found = this.currentRow();
    return found ? copy(found) : null;
  }

  async rotate(next: SigningKeyRecord, retiredAt: Date, publishedUntil: Date): Promise<void> {
    if (this.rows.has(next.id)) throw new Error('Duplicate signing key id');
    for (const row of this.rows.values()) {
      if (row.retiredAt === null) Object.assign(row, { retiredAt, publishedUntil });
    }
    this.rows.set(next.id, copy({ ...next, retiredAt: null, publishedUntil: null }));
  }

  async published(now: Date): Promise<SigningKeyRecord[]> {
    return [...this.rows.values()]
      .filter((row) => isPublished(row, now))
      .sort((a, b) => rank(a) - rank(b) || b.createdAt.getTime() - a.createdAt.getTime())
      .map(copy);
  }

  async deleteUnpublished(now: Date): Promise<number> {
    let deleted = 0;
    for (const [id, row] of this.rows) {
      if (!isPublished(row, now)) {
        this.rows.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }

  private currentRow(): SigningKeyRecord | undefined {
    return [...this.rows.values()].filter((row) => row.retiredAt === null).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  }
}

const rank = (row: SigningKeyRecord) => (row.retiredAt === null ? 0 : 1);

function copy(row: SigningKeyRecord): SigningKeyRecord {
  return {
    ...row,
    publicJwk: { ...row.publicJwk },
    createdAt: new Date(row.createdAt),
    retiredAt: row.retiredAt && new Date(row.retiredAt),
    publishedUntil: row.publishedUntil && new Date(row.publishedUntil),
  };
}
