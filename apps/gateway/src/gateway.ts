import type { Express } from 'express';
import type { Container } from 'inversify';
import type { DatabaseHandle } from '@tend/database';
import { consoleLogger, systemClock, type Clock, type Logger } from '@tend/kernel';
import { createApp } from './app.js';
import type { GatewayConfig } from './config.js';
import { createContainer } from './container.js';
import { createRateLimitStore } from './rate-limit-store.js';

export interface Gateway {
  app: Express;
  container: Container;
  /** Releases what the gateway opened itself (the Redis connection); the database is the caller's. */
  close(): Promise<void>;
}

export interface GatewayOptions {
  config: GatewayConfig;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: Logger;
}

/** Composes a gateway on an open (and migrated) database. */
export function createGateway({ config, database, clock = systemClock, logger = consoleLogger }: GatewayOptions): Gateway {
  const rateLimit = createRateLimitStore(config.rateLimit, database.prisma, clock, logger);
  const container = createContainer({ config, db: database.prisma, clock, logger, rateLimitStore: rateLimit.store });
  return { app: createApp(container), container, close: rateLimit.close };
}
