// `pnpm oauth:rotate-key`: makes a new signing key for the identity provider's tokens. The old
// key stays in the JWKS until every token it signed has expired; other instances sign with the
// new key within a minute. Reads the same environment as the gateway.
import { resolve } from 'node:path';
import { databaseTarget, openDatabase } from '@tend/database';
import { consoleLogger, systemClock } from '@tend/kernel';
import { configFromEnv, EnvError, parseEnv } from './env.js';
import { createGateway } from './gateway.js';
import { TOKENS } from './tokens.js';

async function rotate(): Promise<void> {
  const env = parseEnv(process.env);
  const config = configFromEnv(env, consoleLogger);
  const database = await openDatabase(databaseTarget(env.DATABASE_URL, resolve(env.PGLITE_DATA_DIR), env.DATABASE_POOL_SIZE));
  try {
    await database.migrate();
    const gateway = createGateway({ config, database, logger: consoleLogger, clock: systemClock });
    const keys = gateway.container.get(TOKENS.SigningKeys);
    await keys.current();
    const { kid } = await keys.rotate();
    console.log(JSON.stringify({ rotated: true, kid }));
    await gateway.close();
  } finally {
    await database.close();
  }
}

rotate().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error instanceof Error ? error.message : String(error));
  process.exit(1);
});
