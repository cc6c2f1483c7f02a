import type { Clock, Logger } from '@tend/kernel';

export interface RedisCircuitOptions {
  clock: Clock;
  logger: Logger;
  /** Names the adapter in log lines. */
  name: string;
  /** While Redis fails, it is tried again at most this often, in ms (default 1 s). */
  probeIntervalMs?: number;
  /**
   * Runs before Redis is trusted again after any failure: what this instance could not write, and
   * what other instances could not write during the same outage, must not be answered afterwards.
   */
  recover(): Promise<void>;
}

/**
 * The outage policy of the session adapters on Redis. A failing command switches to the
 * caller's fallback answer (a miss, "revoked", a dropped write) with one warning; while down,
 * one call per probe interval tries Redis again, and a timer does so too when no call comes.
 * The first success after a failure runs `recover` first, then logs that Redis is back.
 */
export class RedisCircuit {
  private degraded = false;
  private owing = false;
  private nextProbeAtMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly probeIntervalMs: number;

  constructor(private readonly options: RedisCircuitOptions) {
    this.probeIntervalMs = options.probeIntervalMs ?? 1000;
  }

  /** True while Redis is considered down. */
  get down(): boolean {
    return this.degraded;
  }

  /** Runs `operation` on Redis, or answers `fallback` when Redis is down or the operation fails. */
  async run<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
    if (this.degraded && this.options.clock.now().getTime() < this.nextProbeAtMs) return fallback;
    return this.attempt(operation, fallback);
  }

  /** Stops the background probe. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async attempt<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
    try {
      await this.settle();
      const result = await operation();
      this.recovered();
      return result;
    } catch (error) {
      this.failed(error);
      return fallback;
    }
  }

  private async settle(): Promise<void> {
    if (!this.owing) return;
    await this.options.recover();
    this.owing = false;
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.close();
    this.options.logger.info(`${this.options.name}: Redis answers again`);
  }

  private failed(error: unknown): void {
    this.owing = true;
    this.nextProbeAtMs = this.options.clock.now().getTime() + this.probeIntervalMs;
    if (!this.degraded) {
      this.degraded = true;
      this.options.logger.warn(`${this.options.name}: Redis failed; using the database until it answers again`, {
        error: error instanceof Error ? error.message : String(error),
      });
    }
    this.schedule();
  }

  /** Without traffic, nothing would settle the debt: a timer (not holding the process) does. */
  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // A failed probe schedules the next one.
      void this.attempt(async () => undefined, undefined);
    }, this.probeIntervalMs);
    this.timer.unref();
  }
}
