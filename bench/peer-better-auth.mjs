// The peer: better-auth (a devDependency of bench/ only) configured as Tend is by default, on its
// own PostgreSQL database, behind Express 5 like Tend's gateway. Email and password on, sessions of
// 7 days refreshed daily, rate limit off (as in the Tend runs), the cookie cache of 300 s when
// COOKIE_CACHE=on; the same node-postgres and pool size (10), so the probe counts its statements.
import express from 'express';
import { betterAuth } from 'better-auth';
import { toNodeHandler } from 'better-auth/node';
import pg from '../packages/database/node_modules/pg/lib/index.js';

const port = Number(process.env.PORT);
const baseURL = `http://127.0.0.1:${port}`;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
pool.on('error', () => undefined);

const auth = betterAuth({
  baseURL,
  secret: process.env.BETTER_AUTH_SECRET,
  database: pool,
  emailAndPassword: { enabled: true },
  session: {
    expiresIn: 60 * 60 * 24 * 7,
    updateAge: 60 * 60 * 24,
    cookieCache: { enabled: process.env.COOKIE_CACHE === 'on', maxAge: 300 },
  },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
});

// Its schema, by its own migrator (the path moved between releases).
const migration = await import('better-auth/db/migration').catch(() => import('better-auth/db'));
const { runMigrations } = await migration.getMigrations(auth.options);
await runMigrations();

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.all('/api/auth/*splat', toNodeHandler(auth));
const server = app.listen(port, '127.0.0.1', () => console.log('ready'));
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
});
