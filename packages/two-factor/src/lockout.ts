import { AuthError, DAY, MINUTE, type Clock } from '@tend/kernel';
import { retryAfterHeaders, type RateLimitStore } from '@tend/rate-limit';
import { TWO_FACTOR_ERRORS } from './error-codes.js';

export interface SecondFactorLockoutSettings {
  /** Wrong answers before the first lock (10). */
  maxFailures: number;
  /** The first lock, in seconds (15 minutes); each later one lasts twice the one before. */
  lockSeconds: number;
  /** No lock lasts longer (24 hours). */
  maxLockSeconds: number;
  /** How long wrong answers are remembered, from the first one (7 days); a right answer forgets them at once. */
  memorySeconds: number;
}

export const DEFAULT_LOCKOUT_SETTINGS: SecondFactorLockoutSettings = Object.freeze({
  maxFailures: 10,
  lockSeconds: (15 * MINUTE) / 1000,
  maxLockSeconds: DAY / 1000,
  memorySeconds: (7 * DAY) / 1000,
});

/** One answer let through: the how-manieth of the account's run of answers it is, and when. */
export interface LockoutTurn {
  userId: string;
  attempt: number;
  at: number;
}

/** The lock a wrong answer leaves in force. */
export interface LockInForce {
  /** 1 for the lock after the 10th wrong answer, 2 after the 11th, … */
  level: number;
  until: Date;
  seconds: number;
  /** The first lock of this run of wrong answers (the person is mailed once). */
  first: boolean;
}

export type LockoutAdmission = { admitted: true; turn: LockoutTurn } | { admitted: false; retryAfterSeconds: number };

/**
 * 429 ACCOUNT_TEMPORARILY_LOCKED "Account temporarily locked" (better-auth's code for its
 * account lockout), with `Retry-After` and `X-Retry-After` in seconds as every 429 of the gateway.
 */
export class AccountLockedError extends AuthError {
  constructor(readonly retryAfterSeconds: number) {
    const { status, message, code } = TWO_FACTOR_ERRORS.ACCOUNT_TEMPORARILY_LOCKED;
    super(status, message, code);
  }

  /** `Retry-After` and `X-Retry-After` for the response. */
  headers(): Record<string, string> {
    return retryAfterHeaders({ allowed: false, retryAfterSeconds: this.retryAfterSeconds });
  }
}

/**
 * The per-account limit on second-factor answers, across every pending sign-in of the account and
 * every way of answering, shared by every instance through the rate-limit store (Redis, the
 * database or memory, as configured; never switched off). The rule (docs/two-factor.md):
 *
 * - every answer that is checked counts; a right one forgets the count;
 * - the 10th counted answer locks the account's second step for 15 minutes: answers are refused
 *   unchecked, the right code included;
 * - once a lock ends, one more answer is checked; the lock it then leaves lasts twice the last
 *   (30 min, 1 h, 2 h, … at most 24 h);
 * - the count is remembered for 7 days from its first answer.
 *
 * An answer takes its turn before it is checked (`hitBelow`: of parallel answers only those within
 * the allowance are let through, and refused ones count nothing), and the lock that a wrong answer
 * would leave is set as it is let through (a right answer lifts it), so no race gets more guesses.
 */
export class SecondFactorLockout {
  private readonly settings: SecondFactorLockoutSettings;

  constructor(
    private readonly deps: { store: Pick<RateLimitStore, 'hit' | 'hitBelow' | 'peek' | 'reset'>; clock: Clock },
    settings: Partial<SecondFactorLockoutSettings> = {},
  ) {
    this.settings = { ...DEFAULT_LOCKOUT_SETTINGS, ...settings };
  }

  /** Lets one answer of the account be checked, or says how long to wait. */
  async admit(userId: string): Promise<LockoutAdmission> {
    const { store, clock } = this.deps;
    const { maxFailures } = this.settings;
    const memory = this.memoryMs;
    const now = clock.now().getTime();
    const run = await store.peek(answersKey(userId), memory, now);
    const counted = run?.count ?? 0;
    if (run && counted >= maxFailures) {
      const level = counted - maxFailures + 1;
      const end = await this.lockEnd(userId, run.resetAtMs - memory, level, now);
      if (end === null) return refused(this.lockMs(level));
      if (now < end) return refused(end - now);
    }
    const turn = await store.hitBelow(answersKey(userId), Math.max(maxFailures, counted + 1), memory, now);
    // Another answer took the turn: the lock it leaves (if wrong) is the one to wait for.
    if (!turn.counted) return refused(this.lockMs(Math.max(1, turn.count - maxFailures + 1)));
    if (turn.count >= maxFailures) await store.hit(lockKey(userId, turn.resetAtMs - memory, turn.count - maxFailures + 1), memory, now);
    return { admitted: true, turn: { userId, attempt: turn.count, at: now } };
  }

  /** The lock a wrong answer of `turn` leaves in force (set when it was let through), or null. */
  lockAfter(turn: LockoutTurn): LockInForce | null {
    const level = turn.attempt - this.settings.maxFailures + 1;
    if (level < 1) return null;
    const ms = this.lockMs(level);
    return { level, until: new Date(turn.at + ms), seconds: Math.ceil(ms / 1000), first: level === 1 };
  }

  /** A right answer: the count and any lock are forgotten. */
  async succeeded(userId: string): Promise<void> {
    await this.deps.store.reset(answersKey(userId));
  }

  /** An administrator's clearing: as a right answer. */
  async clear(userId: string): Promise<void> {
    await this.deps.store.reset(answersKey(userId));
  }

  /** Answers counted and the end of the lock in force (null: none). */
  async state(userId: string): Promise<{ answers: number; lockedUntil: Date | null }> {
    const memory = this.memoryMs;
    const now = this.deps.clock.now().getTime();
    const run = await this.deps.store.peek(answersKey(userId), memory, now);
    const answers = run?.count ?? 0;
    if (!run || answers < this.settings.maxFailures) return { answers, lockedUntil: null };
    const level = answers - this.settings.maxFailures + 1;
    const end = (await this.lockEnd(userId, run.resetAtMs - memory, level, now)) ?? now + this.lockMs(level);
    return { answers, lockedUntil: end > now ? new Date(end) : null };
  }

  private get memoryMs(): number {
    return this.settings.memorySeconds * 1000;
  }

  /** 15 min × 2^(level − 1), at most 24 h. */
  private lockMs(level: number): number {
    const { lockSeconds, maxLockSeconds } = this.settings;
    return Math.min(lockSeconds * 2 ** Math.min(level - 1, 30), maxLockSeconds) * 1000;
  }

  /**
   * When the lock of `level` in the run that started at `runStart` ends: its key is hit once, when
   * set, so its window's start is when it was set. Null while it is being set.
   */
  private async lockEnd(userId: string, runStart: number, level: number, now: number): Promise<number | null> {
    const memory = this.memoryMs;
    const lock = await this.deps.store.peek(lockKey(userId, runStart, level), memory, now);
    return lock ? lock.resetAtMs - memory + this.lockMs(level) : null;
  }
}

function refused(ms: number): LockoutAdmission {
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
}

function answersKey(userId: string): string {
  return `two-factor-answers|${userId}`;
}

/** A lock belongs to one run of answers (its start): a run that starts over never meets an old lock. */
function lockKey(userId: string, runStart: number, level: number): string {
  return `two-factor-lock|${userId}|${runStart}|${level}`;
}
