export { openDatabase, POOL_SETTINGS, type Database, type DatabaseHandle, type DatabaseTarget, type Prisma } from './client.js';
export type { SqlHandle } from './sql.js';
export { isDatabaseUnavailable, withTimeout, type AdvisoryLockOptions, type LockOutcome } from './operations.js';
export { migrate, readMigrations, defaultMigrationsDir, type Migration, type SqlRunner } from './migrate.js';
export { databaseTarget } from './target.js';
export { ambientTransactions, type AmbientTransactions, type AmbientTransactionOptions } from './transactions.js';
export { isUniqueViolation, isNotFound, violatedFields } from './errors.js';
