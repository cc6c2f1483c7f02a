import { raise } from '@tend/kernel';
import type { SessionOutcome, SignInClient, SignInCompletion, User } from '@tend/identity';
import { TWO_FACTOR_ERRORS } from '../error-codes.js';
import { AccountLockedError, type LockoutTurn, type SecondFactorLockout } from '../lockout.js';
import type { TwoFactorMethod } from '../challenge-policy.js';
import type { TwoFactor } from '../two-factor.js';
import type { TwoFactorEvents } from './events.js';

/** The account's failed sign-in throttle (the one of the password routes), as far as answers use it. */
export interface SignInThrottle {
  check(identifier: string): Promise<{ allowed: boolean }>;
  recordFailure(identifier: string): Promise<unknown>;
  recordSuccess(identifier: string): Promise<void>;
}

export interface AnswerChallengeDeps {
  completion: Pick<SignInCompletion, 'resume'>;
  twoFactor: Pick<TwoFactor, 'checkTotp' | 'checkEmailCode' | 'checkBackupCode' | 'trustMark' | 'noticeLockout'>;
  lockout: Pick<SecondFactorLockout, 'admit' | 'lockAfter' | 'succeeded'>;
  throttle: SignInThrottle;
  events: TwoFactorEvents;
}

export interface AnswerChallengeInput {
  /** The pending sign-in's token (from the two-factor cookie); null: none. */
  token: string | null;
  client: SignInClient;
  method: TwoFactorMethod;
  code: string;
  trustDevice?: boolean;
}

/** Answers not offered by the challenge (better-auth's codes for a method that is not enabled). */
const NOT_OFFERED = { totp: TWO_FACTOR_ERRORS.TOTP_NOT_ENABLED, otp: TWO_FACTOR_ERRORS.OTP_NOT_ENABLED, 'backup-code': TWO_FACTOR_ERRORS.BACKUP_CODES_NOT_ENABLED } as const;
const WRONG = { totp: TWO_FACTOR_ERRORS.INVALID_CODE, otp: TWO_FACTOR_ERRORS.INVALID_CODE, 'backup-code': TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE } as const;

/**
 * POST /two-factor/verify-totp, /verify-otp, /verify-backup-code with the two-factor cookie: the
 * answer to a pending sign-in's challenge, through the sign-in completion (`resume`: the pending
 * sign-in is taken, so of parallel answers one gets it). In order:
 *
 * 1. a way of answering the challenge did not offer: 400 (`OTP_NOT_ENABLED` after a mailed link
 *    or code), nothing checked or counted;
 * 2. the account's lockout (`SecondFactorLockout`): while locked, 429 ACCOUNT_TEMPORARILY_LOCKED
 *    with Retry-After, nothing checked, the right code included;
 * 3. the code, against the pending sign-in's user (while the account's failed sign-in throttle
 *    refuses it, every code is wrong). Wrong: 401, counted by the pending sign-in (its 10th wrong
 *    answer kills it), by the throttle and by the lockout (recorded; the first lock of a run is
 *    mailed). Right: the count is forgotten and the sign-in completes with the factor added.
 */
export class AnswerChallenge {
  constructor(private readonly deps: AnswerChallengeDeps) {}

  async execute(input: AnswerChallengeInput): Promise<{ outcome: SessionOutcome; trustMark: string | null }> {
    const { completion, lockout, throttle, twoFactor } = this.deps;
    if (!input.token) throw raise(TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
    // What the answer saw, for what follows a wrong one (the callback runs inside resume).
    const seen: { turn?: LockoutTurn; user?: User } = {};
    const answered = await completion.resume(input.token, input.client, async (pending, user) => {
      if (!pending.demand.methods.includes(input.method)) throw raise(NOT_OFFERED[input.method]);
      const admission = await lockout.admit(user.id);
      if (!admission.admitted) throw new AccountLockedError(admission.retryAfterSeconds);
      Object.assign(seen, { turn: admission.turn, user });
      if (!(await throttle.check(user.email)).allowed) return null;
      if (!(await this.check(input.method, user, input.code))) return null;
      await lockout.succeeded(user.id);
      return input.method;
    });
    if (answered.status === 'missing') throw raise(TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
    if (answered.status === 'wrong') {
      await this.wrong(input, answered.attemptsLeft, seen);
      throw raise(WRONG[input.method]);
    }
    const { outcome } = answered;
    if (outcome.kind !== 'session') throw new Error(`a second factor was answered and ${outcome.demand.policy} still asks`);
    await throttle.recordSuccess(outcome.user.email);
    return { outcome, trustMark: input.trustDevice ? await twoFactor.trustMark(outcome.user) : null };
  }

  private check(method: TwoFactorMethod, user: User, code: string): Promise<boolean> {
    const { twoFactor } = this.deps;
    if (method === 'totp') return twoFactor.checkTotp(user, code);
    if (method === 'otp') return twoFactor.checkEmailCode(user, code);
    return twoFactor.checkBackupCode(user, code);
  }

  /** A wrong answer: the throttle counts it, it is recorded, and the lock it leaves (if any) too. */
  private async wrong(input: AnswerChallengeInput, attemptsLeft: number, seen: { turn?: LockoutTurn; user?: User }): Promise<void> {
    const { throttle, events, lockout, twoFactor } = this.deps;
    const { user, turn } = seen;
    if (!user || !turn) return;
    await throttle.recordFailure(user.email);
    const base = { actorId: null, targetUserId: user.id, client: input.client };
    events.record({ ...base, action: 'two-factor.failure', detail: { method: input.method, reason: attemptsLeft === 0 ? 'TOO_MANY_ATTEMPTS' : 'WRONG_CODE' } });
    const lock = lockout.lockAfter(turn);
    if (!lock) return;
    events.record({ ...base, action: 'two-factor.locked', detail: { wrongAnswers: turn.attempt, lockedForSeconds: lock.seconds, until: lock.until.toISOString() } });
    if (lock.first) twoFactor.noticeLockout(user, { wrongAnswers: turn.attempt, seconds: lock.seconds });
  }
}
