import { Router, type RequestHandler } from 'express';
import { withTimeout } from '@tend/database';

/** What readiness asks; each answer is bounded by `CHECK_TIMEOUT_MS`. */
export interface Readiness {
  /** The database: a cheap `SELECT 1`, and the migrations on disk not yet applied. */
  database: { ping(timeoutMs?: number): Promise<void>; migrationsPending(): Promise<string[]> };
  /** Redis, when the gateway is configured with it (the rate-limit store's). */
  redis?: (() => Promise<void>) | null;
}

export type CheckState = 'ok' | 'unavailable' | 'pending';

export interface ReadinessReport {
  status: 'ok' | 'unavailable';
  checks: Record<string, CheckState>;
}

const CHECK_TIMEOUT_MS = 1_000;

const ok = async (check: () => Promise<unknown>): Promise<CheckState> => {
  try {
    await withTimeout(check(), CHECK_TIMEOUT_MS, 'readiness check');
    return 'ok';
  } catch {
    return 'unavailable';
  }
};

/** Runs every check at once; the gateway is ready when all of them are `ok`. */
export async function checkReadiness(readiness: Readiness): Promise<ReadinessReport> {
  const [database, migrations, redis] = await Promise.all([
    ok(() => readiness.database.ping(CHECK_TIMEOUT_MS)),
    withTimeout(readiness.database.migrationsPending(), CHECK_TIMEOUT_MS, 'migrations check').then(
      (pending): CheckState => (pending.length ? 'pending' : 'ok'),
      (): CheckState => 'unavailable',
    ),
    readiness.redis ? ok(readiness.redis) : null,
  ]);
  const checks: Record<string, CheckState> = { database, migrations, ...(redis ? { redis } : {}) };
  return { status: Object.values(checks).every((state) => state === 'ok') ? 'ok' : 'unavailable', checks };
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * `GET /health/live` (the process answers) and `GET /health/ready` (it can serve: database
 * reachable, migrations applied, Redis reachable when configured; 503 otherwise, so a load
 * balancer stops sending traffic). Public, never rate limited, never cached. Probes that
 * arrive while a check runs share its answer, so a flood of probes costs one check at a time.
 */
export function healthRoutes(readiness: Readiness): Router {
  const router = Router();
  let running: Promise<ReadinessReport> | null = null;
  router.use(noStore);
  router.get('/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/ready', async (_req, res) => {
    running ??= checkReadiness(readiness).finally(() => (running = null));
    const report = await running;
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  });
  return router;
}
