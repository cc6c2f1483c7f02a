// The composition root: the platform's services, then every module's bindings, in one container.
// Core classes stay free of decorators; bindings are typed (see di.ts).
import { Container } from 'inversify';
import { ambientTransactions, type Database, type DatabaseHandle } from '@tend/database';
import type { CommonPasswords } from '@tend/identity';
import type { Clock, Logger } from '@tend/kernel';
import type { RateLimitStore } from '@tend/rate-limit';
import type { GatewayConfig } from './config.js';
import type { GatewayModule } from './modules/index.js';
import { bindPlatform } from './platform.js';

export interface ContainerOptions {
  config: GatewayConfig;
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Where rate-limit counters live (memory, the database, or Redis with a fallback). */
  rateLimitStore: RateLimitStore;
  commonPasswords: CommonPasswords | null;
  sql: DatabaseHandle['sql'];
  /** Which database it is: an embedded one (PGlite) belongs to this process alone. */
  databaseKind: DatabaseHandle['kind'];
  modules: readonly GatewayModule[];
}

export function createContainer({ modules, ...platform }: ContainerOptions): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  // Every repository gets the client that joins the transaction around it (the outbox's seam).
  const transactions = ambientTransactions(platform.db);
  bindPlatform(c, { ...platform, db: transactions.client, transactions, modules });
  for (const module of modules) module.bind(c, { config: platform.config, clock: platform.clock, logger: platform.logger });
  return c;
}
