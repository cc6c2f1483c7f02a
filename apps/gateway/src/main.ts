// Starts the gateway: validate the environment, open and migrate the database, create the
// bootstrap administrator, listen, and shut down cleanly on SIGTERM/SIGINT.
import { resolve } from 'node:path';
import { databaseTarget, openDatabase } from '@tend/database';
import { consoleLogger, systemClock } from '@tend/kernel';
import { bootstrapAdmin } from './bootstrap-admin.js';
import { configFromEnv, EnvError, parseEnv } from './env.js';
import { createGateway } from './gateway.js';
import { TOKENS } from './tokens.js';

const logger = consoleLogger;

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const config = configFromEnv(env, logger);
  const target = databaseTarget(env.DATABASE_URL, resolve(env.PGLITE_DATA_DIR), env.DATABASE_POOL_SIZE);
  const database = await openDatabase(target);
  const applied = await database.migrate();
  if (applied.length) logger.info('migrations applied', { applied });

  const gateway = createGateway({ config, database, logger, clock: systemClock });
  const { app, container } = gateway;
  if (env.AUTH_BOOTSTRAP_ADMIN_EMAIL && env.AUTH_BOOTSTRAP_ADMIN_PASSWORD) {
    await bootstrapAdmin(
      { email: env.AUTH_BOOTSTRAP_ADMIN_EMAIL, password: env.AUTH_BOOTSTRAP_ADMIN_PASSWORD },
      { users: container.get(TOKENS.UserRepository), hasher: container.get(TOKENS.PasswordHasher), clock: systemClock, logger },
    );
  }

  const server = app.listen(env.PORT, env.HOST, () => {
    logger.info('gateway listening', { url: `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}${config.basePath}`, database: target.kind });
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('gateway stopping', { signal });
    server.close(async () => {
      // Mails sent in the background (verification, reset) finish before the database closes.
      await container.get(TOKENS.MailDelivery).idle();
      // Audit events still queued are written before the database closes.
      await container.get(TOKENS.AuditLog).flush();
      await gateway.close();
      await database.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    logger.error('gateway failed to start', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  process.exit(1);
});
