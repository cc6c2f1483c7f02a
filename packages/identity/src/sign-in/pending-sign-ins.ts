import { addSeconds, randomToken, sha256Hex, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import type { VerificationRepository } from '../ports.js';
import type { ChallengeDemand } from './challenge-policy.js';
import type { Factor, SignInProof } from './proof.js';
import type { SessionEffect } from './session-effects.js';

/** A sign-in that proved some factors and waits for a challenge to be answered. */
export interface PendingSignIn {
  userId: string;
  method: string;
  factors: readonly Factor[];
  rememberMe: boolean;
  next: string | null;
  isNewUser: boolean;
  detail: Readonly<Record<string, string | number | boolean>>;
  demand: ChallengeDemand;
  /** What the sign-in declared to happen once it is a session (run when the challenge is answered). */
  onSession: readonly SessionEffect[];
  /** Wrong answers so far. */
  failures: number;
  expiresAt: Date;
}

export interface PendingSignInsOptions {
  /** Seconds a pending sign-in lives (default 600: the challenge cookie's Max-Age). */
  lifetime?: number;
  /** Wrong answers after which the pending sign-in is dead (default 10). */
  maxFailures?: number;
}

const PREFIX = 'pending-sign-in:';
export const PENDING_SIGN_IN_TOKEN_LENGTH = 32;

/**
 * Pending sign-ins, kept as verification records under the SHA-256 of a random token (the token
 * itself travels only in the signed challenge cookie). Answering consumes the record, so a
 * challenge is completed once; a wrong answer puts it back with one more failure, until
 * `maxFailures`, after which even the right answer finds nothing.
 */
export class PendingSignIns {
  readonly lifetime: number;
  readonly maxFailures: number;

  constructor(
    private readonly verifications: Pick<VerificationRepository, 'create' | 'findByIdentifier' | 'consume'>,
    private readonly clock: Clock,
    options: PendingSignInsOptions = {},
    private readonly newId: IdGenerator = uuid,
  ) {
    this.lifetime = options.lifetime ?? 600;
    this.maxFailures = options.maxFailures ?? 10;
  }

  /** Stores a pending sign-in; answers the token for the challenge cookie. */
  async create(proof: SignInProof, demand: ChallengeDemand, onSession: readonly SessionEffect[] = []): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken(PENDING_SIGN_IN_TOKEN_LENGTH);
    const expiresAt = addSeconds(this.clock.now(), this.lifetime);
    const pending: PendingSignIn = {
      userId: proof.user.id,
      method: proof.method,
      factors: proof.factors,
      rememberMe: proof.rememberMe !== false,
      next: proof.next ?? null,
      isNewUser: proof.isNewUser ?? false,
      detail: proof.detail ?? {},
      demand,
      onSession,
      failures: 0,
      expiresAt,
    };
    await this.store(token, pending);
    return { token, expiresAt };
  }

  /** The live pending sign-in of a token, left in place (to mail a code to its user). */
  async peek(token: string): Promise<PendingSignIn | null> {
    return this.decode(await this.verifications.findByIdentifier(identifierOf(token), this.clock.now()));
  }

  /** The live pending sign-in of a token, removed: of parallel calls, one gets it. */
  async take(token: string): Promise<PendingSignIn | null> {
    return this.decode(await this.verifications.consume(identifierOf(token), this.clock.now()));
  }

  /** Puts a taken pending sign-in back after a wrong answer; answers the attempts left (0: it is dead). */
  async fail(token: string, pending: PendingSignIn): Promise<number> {
    const failures = pending.failures + 1;
    const left = this.maxFailures - failures;
    if (left <= 0 || pending.expiresAt.getTime() <= this.clock.now().getTime()) return 0;
    await this.store(token, { ...pending, failures });
    return left;
  }

  /** Puts a taken pending sign-in back unchanged (its answer could not be checked). */
  async restore(token: string, pending: PendingSignIn): Promise<void> {
    if (pending.expiresAt.getTime() > this.clock.now().getTime()) await this.store(token, pending);
  }

  private async store(token: string, pending: PendingSignIn): Promise<void> {
    const now = this.clock.now();
    const { expiresAt, ...rest } = pending;
    await this.verifications.create({ id: this.newId(), identifier: identifierOf(token), value: JSON.stringify(rest), expiresAt, createdAt: now, updatedAt: now });
  }

  private decode(record: { value: string; expiresAt: Date } | null): PendingSignIn | null {
    if (!record) return null;
    try {
      const stored = JSON.parse(record.value) as Omit<PendingSignIn, 'expiresAt'>;
      return { ...stored, onSession: stored.onSession ?? [], expiresAt: record.expiresAt };
    } catch {
      return null;
    }
  }
}

function identifierOf(token: string): string {
  return `${PREFIX}${sha256Hex(token)}`;
}
