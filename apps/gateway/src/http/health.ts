import { Router, type RequestHandler } from 'express';
import { withTimeout } from '@tend/database';
import type { Logger } from '@tend/kernel';

/** What readiness asks; each answer is bounded by `CHECK_TIMEOUT_MS`. */
export interface Readiness {
  /** The database: a cheap `SELECT 1`, and the migrations on disk not yet applied. */
  database: { ping(timeoutMs?: number): Promise<void>; migrationsPending(): Promise<string[]> };
  /** Redis, when the gateway is configured with it (the rate-limit store's). */
  redis?: (() => Promise<void>) | null;
  /** Set once the process is stopping: readiness answers 503 `stopping` without checking anything. */
  stopping?: boolean;
  /** Where Redis turning degraded (and back) is reported. */
  logger?: Logger;
}

export type CheckState = 'ok' | 'unavailable' | 'pending' | 'degraded';

export interface ReadinessReport {
  /** `degraded`: ready, with Redis unreachable (every instance serves on its fallback). */
  status: 'ok' | 'degraded' | 'unavailable' | 'stopping';
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

/**
 * Runs every check at once. The gateway is ready when the database answers and every migration is
 * applied. Redis is a soft dependency: while it is down each instance keeps serving on its
 * fallbacks (in-process rate limits, sessions from the database), so it only makes the answer
 * `degraded`; failing readiness for it would take every instance out at once.
 */
export async function checkReadiness(readiness: Readiness): Promise<ReadinessReport> {
  const [database, migrations, redis] = await Promise.all([
    ok(() => readiness.database.ping(CHECK_TIMEOUT_MS)),
    withTimeout(readiness.database.migrationsPending(), CHECK_TIMEOUT_MS, 'migrations check').then(
      (pending): CheckState => (pending.length ? 'pending' : 'ok'),
      (): CheckState => 'unavailable',
    ),
    readiness.redis ? ok(readiness.redis).then((state): CheckState => (state === 'ok' ? 'ok' : 'degraded')) : null,
  ]);
  const checks: Record<string, CheckState> = { database, migrations, ...(redis ? { redis } : {}) };
  const status = database !== 'ok' || migrations !== 'ok' ? 'unavailable' : redis === 'degraded' ? 'degraded' : 'ok';
  return { status, checks };
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * `GET /health/live` (the process answers) and `GET /health/ready` (it can serve: database
 * reachable and migrations applied; 503 otherwise, or once the process is stopping, so a load
 * balancer stops sending traffic; 200 `degraded` while a configured Redis is unreachable).
 * Public, never rate limited, never cached. Probes that arrive while a check runs share its
 * answer, so a flood of probes costs one check at a time.
 */
export function healthRoutes(readiness: Readiness): Router {
  const router = Router();
  let running: Promise<ReadinessReport> | null = null;
  let redisWas: CheckState | undefined;
  const report = (state: CheckState | undefined) => {
    if (state === redisWas) return;
    if (state === 'degraded') readiness.logger?.warn('readiness degraded: Redis unreachable, serving on the fallbacks', { redis: state });
    else if (state === 'ok' && redisWas === 'degraded') readiness.logger?.info('readiness: Redis reachable again', { redis: state });
    redisWas = state;
  };
  router.use(noStore);
  router.get('/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/ready', async (_req, res) => {
    if (readiness.stopping) {
      res.status(503).json({ status: 'stopping', checks: {} } satisfies ReadinessReport);
      return;
    }
    running ??= checkReadiness(readiness).finally(() => (running = null));
    const answer = await running;
    report(answer.checks.redis);
    res.status(answer.status === 'ok' || answer.status === 'degraded' ? 200 : 503).json(answer);
  });
  return router;
}
