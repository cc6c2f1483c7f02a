// Starts the gateway: validate the environment, open and migrate the database, create the
// bootstrap administrator, listen, clean up expired rows on a schedule, and shut down cleanly
// on SIGTERM/SIGINT (readiness 503 and serving on for AUTH_SHUTDOWN_DRAIN_MS, then stop listening,
// finish the requests under way, flush mail and the audit log, close the pools, exit 0).
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { databaseTarget, openDatabase } from '@tend/database';
import { consoleLogger, systemClock, type Logger } from '@tend/kernel';
import { bootstrapAdmin } from './bootstrap-admin.js';
import { createCleanup } from './cleanup.js';
import { configFromEnv, EnvError, parseEnv } from './env.js';
import { createGateway } from './gateway.js';
import { DrainingServer } from './http/server.js';
import { createLogger } from './logging.js';
import { TOKENS } from './tokens.js';

// Until the environment names a level, start-up failures go out as plain JSON lines.
let logger: Logger = consoleLogger;

async function main(): Promise<void> {
  // Prisma's query compiler is WebAssembly (3.4 MB); V8 would compile it a second time with its
  // optimising tier, for ~100 MB and no measurable gain (its plans are cached): keep the baseline
  // code. Set before the database opens, so before the module is compiled. See docs/performance.md.
  setFlagsFromString('--liftoff-only');
  const env = parseEnv(process.env);
  logger = createLogger({ level: env.LOG_LEVEL });
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

  // The identity provider's signing key is made at first start (shared by every instance through the database).
  await container.get(TOKENS.SigningKeys).current();

  const http = new DrainingServer(app);
  // Longer than the load balancers' idle timeouts (60 s on most), so they close first.
  http.server.keepAliveTimeout = 65_000;
  const address = await http.listen(env.PORT, env.HOST);
  logger.info('gateway listening', {
    url: `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${address.port}${config.basePath}`,
    port: address.port,
    database: target.kind,
  });

  const cleanup = createCleanup(container, database, { intervalSeconds: env.AUTH_CLEANUP_INTERVAL, clock: systemClock, logger });
  cleanup.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drainMs = env.AUTH_SHUTDOWN_DRAIN_MS;
    // Readiness answers 503 from now on; everything else is served as before during the drain:
    // balancers that read readiness move away, and nginx (which learns only from refused
    // connections) has time to take back an instance restarted just before this one.
    gateway.markStopping();
    logger.info('gateway stopping', { signal, inFlight: http.inFlight, drainMs });
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // Not unref()ed: whatever hangs, the process ends by the deadline.
    setTimeout(() => {
      logger.error('gateway did not stop in time', { timeoutMs: env.AUTH_SHUTDOWN_TIMEOUT_MS, inFlight: http.inFlight });
      http.destroy();
      process.exit(1);
    }, env.AUTH_SHUTDOWN_TIMEOUT_MS);
    try {
      // New connections are refused; requests under way finish (with Connection: close); idle
      // keep-alive connections are closed after the drain again (their clients close them first).
      logger.info('gateway closing its listener', { inFlight: http.inFlight });
      await Promise.all([http.close(drainMs), cleanup.stop()]);
      // Mails sent in the background (verification, reset) and queued audit events are written
      // before the database closes.
      await container.get(TOKENS.MailDelivery).idle();
      if (container.isBound(TOKENS.AuditLog)) await container.get(TOKENS.AuditLog).flush();
      await gateway.close();
      await database.close();
      logger.info('gateway stopped', { signal });
      process.exit(0);
    } catch (error) {
      logger.error('gateway did not stop cleanly', { error: describe(error) });
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

process.on('uncaughtException', (error) => {
  logger.error('uncaught exception', { error: describe(error) });
  process.exit(1);
});

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    logger.error('gateway failed to start', { error: describe(error) });
  }
  process.exit(1);
});
