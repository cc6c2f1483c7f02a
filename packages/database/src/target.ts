import type { DatabaseTarget } from './client.js';

/** The target for a `DATABASE_URL` (PostgreSQL), or the embedded database in `dataDir`. */
export function databaseTarget(url: string | undefined, dataDir: string, poolSize?: number): DatabaseTarget {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url, poolSize };
  if (url && !url.startsWith('file:') && !url.startsWith('pglite:')) {
    throw new Error('DATABASE_URL must be a postgresql:// URL (or unset for the embedded database)');
  }
  const dir = url ? url.replace(/^(file|pglite):(\/\/)?/, '') : dataDir;
  return { kind: 'pglite', dataDir: dir === 'memory' ? undefined : dir };
}
