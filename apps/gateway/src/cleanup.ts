// The scheduled cleanup: expired sessions, verification values and ended rate-limit windows are
// deleted every AUTH_CLEANUP_INTERVAL seconds, by one gateway instance at a time (a PostgreSQL
// advisory lock; an instance that finds it taken skips its turn), never overlapping itself.
import type { Container } from 'inversify';
import type { DatabaseHandle, LockOutcome } from '@tend/database';
import type { Clock, Logger } from '@tend/kernel';
import { PrismaRateLimitStore } from '@tend/rate-limit/prisma';
import type { CleanupTask } from './cleanup-task.js';
import type { GatewayConfig } from './config.js';
import { MODULES, type GatewayModule } from './modules/index.js';
import { PLATFORM, rateLimitRulesOf } from './platform.js';

/** The advisory lock key of the cleanup (the migrator holds 72707369). */
export const CLEANUP_LOCK_KEY = 72707371;

export type { CleanupTask } from './cleanup-task.js';

export type CleanupResult =
  | { status: 'done'; removed: Record<string, number>; failed: string[] }
  | { status: 'skipped'; reason: 'running' | 'locked' }
  | { status: 'failed' };

export interface CleanupOptions {
  /** Seconds between the end of one pass and the start of the next; 0 turns the schedule off. */
  intervalSeconds: number;
  /** The first pass, this many seconds after `start()` (default: the interval, at most 60 s). */
  initialDelaySeconds?: number;
  /** Runs a pass under the lock every instance shares; `{ ran: false }` when another holds it. */
  lock<T>(work: () => Promise<T>): Promise<LockOutcome<T>>;
  tasks: readonly CleanupTask[];
  clock: Clock;
  logger: Logger;
}

export class ScheduledCleanup {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<CleanupResult> | null = null;
  private stopped = false;

  constructor(private readonly options: CleanupOptions) {}

  /** Schedules the passes; timers never keep the process alive. */
  start(): void {
    if (this.options.intervalSeconds <= 0 || this.stopped) return;
    this.schedule(this.options.initialDelaySeconds ?? Math.min(this.options.intervalSeconds, 60));
  }

  /** One pass now, unless one is running (in this process) or another instance holds the lock. */
  runOnce(): Promise<CleanupResult> {
    if (this.running) return Promise.resolve({ status: 'skipped', reason: 'running' });
    this.running = this.pass().finally(() => (this.running = null));
    return this.running;
  }

  /** No further passes; resolves once a pass under way has finished (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(seconds: number): void {
    this.timer = setTimeout(() => void this.tick(), seconds * 1000);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    await this.runOnce();
    // The next pass is counted from the end of this one: a slow pass never overlaps the next.
    if (!this.stopped) this.schedule(this.options.intervalSeconds);
  }

  private async pass(): Promise<CleanupResult> {
    const { logger, clock } = this.options;
    const started = Date.now();
    try {
      const outcome = await this.options.lock(() => this.runTasks(clock.now()));
      if (!outcome.ran) {
        logger.info('cleanup skipped: another instance is cleaning up');
        return { status: 'skipped', reason: 'locked' };
      }
      logger.info('cleanup done', { removed: outcome.value.removed, failed: outcome.value.failed, durationMs: Date.now() - started });
      return outcome.value;
    } catch (error) {
      logger.warn('cleanup failed', { error: error instanceof Error ? error.message : String(error) });
      return { status: 'failed' };
    }
  }

  private async runTasks(now: Date): Promise<CleanupResult & { status: 'done' }> {
    const removed: Record<string, number> = {};
    const failed: string[] = [];
    // One failing kind (a missing table, a timeout) does not keep the others from being cleaned.
    for (const task of this.options.tasks) {
      try {
        removed[task.name] = await task.run(now);
      } catch (error) {
        failed.push(task.name);
        this.options.logger.warn('cleanup task failed', { task: task.name, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return { status: 'done', removed, failed };
  }
}

const DAY_SECONDS = 86_400;

/**
 * The gateway's cleanup tasks: expired sessions (when the session store can purge), expired
 * verification values, rate-limit rows whose window surely ended (kept at least a day, or the
 * longest configured window), and every module's own.
 */
export function cleanupTasksOf(c: Container, database: DatabaseHandle, modules: readonly GatewayModule[] = MODULES): CleanupTask[] {
  const config = c.get(PLATFORM.Config);
  const sessions = c.get(PLATFORM.ExpiredSessions);
  const verifications = c.get(PLATFORM.VerificationRepository);
  const rateLimits = new PrismaRateLimitStore(database.prisma);
  const longestWindowMs = longestRateLimitWindow(config.rateLimit, modules) * 1000;
  const tasks: CleanupTask[] = [
    { name: 'verifications', run: (now) => verifications.deleteExpired(now) },
    { name: 'rateLimits', run: (now) => rateLimits.sweep(now.getTime(), longestWindowMs) },
    ...modules.flatMap((module) => module.cleanup?.(c) ?? []),
  ];
  const purgeSessions = sessions.purgeExpired?.bind(sessions);
  if (purgeSessions) tasks.unshift({ name: 'sessions', run: purgeSessions });
  return tasks;
}

function longestRateLimitWindow(settings: GatewayConfig['rateLimit'], modules: readonly GatewayModule[]): number {
  const rules = Object.values(rateLimitRulesOf(modules, settings.rules)).map((rule) => (rule ? rule.window : 0));
  return Math.max(DAY_SECONDS, settings.window, settings.failedSignInWindow, ...rules);
}

/** The cleanup of a running gateway: its tasks under the database's advisory lock. */
export function createCleanup(
  c: Container,
  database: DatabaseHandle,
  options: { intervalSeconds: number; clock: Clock; logger: Logger; modules?: readonly GatewayModule[] },
): ScheduledCleanup {
  return new ScheduledCleanup({
    ...options,
    tasks: cleanupTasksOf(c, database, options.modules),
    lock: (work) => database.withAdvisoryLock(CLEANUP_LOCK_KEY, work, { wait: false }),
  });
}
