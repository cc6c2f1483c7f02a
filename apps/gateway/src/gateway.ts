import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Express } from 'express';
import type { Container } from 'inversify';
import type { DatabaseHandle } from '@tend/database';
import { CommonPasswords } from '@tend/identity';
import { consoleLogger, systemClock, type Clock, type Logger } from '@tend/kernel';
import { createApp } from './app.js';
import type { GatewayConfig } from './config.js';
import { createContainer } from './container.js';
import type { Readiness } from './http/health.js';
import { MODULES, type GatewayModule } from './modules/index.js';
import { createRateLimitStore } from './rate-limit-store.js';
import { PLATFORM } from './platform.js';

export interface Gateway {
  app: Express;
  container: Container;
  /** From now on readiness answers 503 `stopping` (the process is shutting down). */
  markStopping(): void;
  /** Releases what the gateway opened itself (the Redis connection); the database is the caller's. */
  close(): Promise<void>;
}

export interface GatewayOptions {
  config: GatewayConfig;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: Logger;
  modules?: readonly GatewayModule[];
}

let commonPasswords: CommonPasswords | undefined;

/**
 * The common-password list of a maintained package (zxcvbn-ts, ~30,000 entries), once per process
 * and on the first password checked: read from the package's JSON file, not by importing the package
 * (whose index also holds its other dictionaries, ~10 MB, for the life of the process).
 */
function loadCommonPasswords(): CommonPasswords {
  commonPasswords ??= new CommonPasswords(() => {
    const dir = dirname(createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/package.json'));
    return JSON.parse(readFileSync(join(dir, 'src', 'passwords.json'), 'utf8')) as string[];
  });
  return commonPasswords;
}

/** Composes a gateway on an open (and migrated) database. */
export function createGateway({ config, database, clock = systemClock, logger = consoleLogger, modules = MODULES }: GatewayOptions): Gateway {
  const rateLimit = createRateLimitStore(config.rateLimit, database.prisma, clock, logger);
  const container = createContainer({
    config,
    db: database.prisma,
    clock,
    logger,
    rateLimitStore: rateLimit.store,
    commonPasswords: config.passwordScreening ? loadCommonPasswords() : null,
    sql: database.sql,
    databaseKind: database.kind,
    modules,
  });
  const readiness: Readiness = { database, redis: rateLimit.ping ?? null, logger, stopping: false };
  const workers = modules.flatMap((module) => module.workers?.(container) ?? []);
  for (const worker of workers) worker.start();
  const close = async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await rateLimit.close();
    await container.get(PLATFORM.SessionStorage).close();
  };
  const markStopping = () => void (readiness.stopping = true);
  return { app: createApp(container, modules, readiness), container, markStopping, close };
}
