// Password hashing is the one CPU-heavy thing Tend does: scrypt (N 16384, r 16) costs tens of
// milliseconds of a core and 32 MB per hash. Node runs it on libuv's thread pool (4 threads
// unless UV_THREADPOOL_SIZE says otherwise), beside the event loop that answers every other
// request. Left alone, a burst of sign-ins puts four hashes at once on the cores: on a 2-core
// machine the event loop (and PostgreSQL, if it shares the machine) then gets a fraction of a
// core, and every session check waits. The budget bounds how many hashes run at once (by
// default one per core when the hashes run at low priority, since the event loop and PostgreSQL
// then get the cores first whenever they want them; one core fewer at normal priority, so a core
// stays free for the event loop), lets a bounded number wait in order, and refuses the rest at
// once with 503 instead of letting the queue, and every client's latency, grow without end.
import { availableParallelism } from 'node:os';
import { AuthError, defineErrors } from '@tend/kernel';

export const HASHING_ERRORS = defineErrors({
  SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER: { status: 503, message: 'Server is busy. Please try again later.' },
});

/** 503 SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER, with the seconds the client should wait (Retry-After). */
export class ServerBusyError extends AuthError {
  constructor(readonly retryAfterSeconds: number) {
    const { status, message, code } = HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER;
    super(status, message, code);
  }

  /** `Retry-After` for the response (the gateway's error mapper sets the headers an error carries). */
  headers(): Record<string, string> {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
}

export interface HashingBudgetOptions {
  /** Hashes running at once; default `defaultHashConcurrency()`. */
  concurrency?: number;
  /** Hashes allowed to wait for a slot, in arrival order; one more is refused with 503. Default 64. */
  queueLimit?: number;
  /** The Retry-After of a refusal, in seconds; default 1. */
  retryAfterSeconds?: number;
}

export const DEFAULT_HASH_QUEUE_LIMIT = 64;

/**
 * Hashes at once by default: every core (`os.availableParallelism()`) when they run at low CPU
 * priority (the scheduler hands the event loop and PostgreSQL a core whenever they want one, so
 * sign-in gets the whole machine's scrypt throughput and session checks keep their latency);
 * one core fewer at normal priority, where only a free core keeps the event loop responsive.
 * At least 1.
 */
export function defaultHashConcurrency(cores: number = availableParallelism(), priority: 'normal' | 'low' = 'normal'): number {
  return Math.max(1, Math.floor(cores) - (priority === 'low' ? 0 : 1));
}

/**
 * A semaphore with a bounded FIFO queue for password hashing. `run(work)` starts `work` when one
 * of `concurrency` slots is free, waits in line while `queueLimit` others wait at most, and
 * otherwise rejects at once with 503 (ServerBusyError) without running it.
 */
export class HashingBudget {
  readonly concurrency: number;
  readonly queueLimit: number;
  private readonly retryAfterSeconds: number;
  private running = 0;
  // Resolvers of the waiting callers; `head` moves instead of shifting the array.
  private queue: (() => void)[] = [];
  private head = 0;

  constructor(options: HashingBudgetOptions = {}) {
    this.concurrency = positiveInteger('concurrency', options.concurrency ?? defaultHashConcurrency(), 1);
    this.queueLimit = positiveInteger('queueLimit', options.queueLimit ?? DEFAULT_HASH_QUEUE_LIMIT, 0);
    this.retryAfterSeconds = positiveInteger('retryAfterSeconds', options.retryAfterSeconds ?? 1, 1);
  }

  /** Hashes running now. */
  get active(): number {
    return this.running;
  }

  /** Hashes waiting for a slot now. */
  get waiting(): number {
    return this.queue.length - this.head;
  }

  /** Runs `work` within the budget; rejects with 503 when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> | undefined {
    if (this.running < this.concurrency) {
      this.running += 1;
      return undefined;
    }
    if (this.waiting >= this.queueLimit) throw new ServerBusyError(this.retryAfterSeconds);
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    if (this.waiting === 0) {
      this.running -= 1;
      return;
    }
    // The slot passes straight to the oldest waiter: `running` stays, nobody can jump the line.
    const next = this.queue[this.head]!;
    this.head += 1;
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head > 1024) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    next();
  }
}

function positiveInteger(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`HashingBudget ${name} must be an integer >= ${min}, got ${value}`);
  return value;
}
