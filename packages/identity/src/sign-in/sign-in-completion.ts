import type { Clock } from '@tend/kernel';
import type { User } from '../entities.js';
import type { Session } from '@tend/sessions';
import type { SessionManager } from '@tend/sessions';
import { assertNotBanned } from '../ban.js';
import type { UserRepository } from '../ports.js';
import type { ChallengeDemand, ChallengePolicy } from './challenge-policy.js';
import type { PendingSignIn, PendingSignIns } from './pending-sign-ins.js';
import type { Factor, SignInClient, SignInProof } from './proof.js';

/** A sign-in that became a session. */
export interface SessionOutcome {
  kind: 'session';
  user: User;
  session: Session;
  proof: SignInProof;
}

/** How a sign-in ended: a session, or a challenge still to answer (with the token of its pending sign-in). */
export type SignInOutcome = SessionOutcome | { kind: 'challenge'; user: User; demand: ChallengeDemand; token: string; expiresAt: Date; proof: SignInProof };

/** How answering a challenge ended. */
export type ResumeOutcome =
  | { status: 'done'; outcome: SignInOutcome }
  /** A wrong answer; `attemptsLeft` 0 means the pending sign-in is dead. */
  | { status: 'wrong'; attemptsLeft: number; userId: string }
  /** No live pending sign-in for the token (never issued, answered already, expired, or dead). */
  | { status: 'missing' };

/** Where the completion reports sign-ins (the audit log); never awaited, never failing a sign-in. */
export interface SignInEvents {
  record(event: { action: 'sign-in.success' | 'sign-in.challenge'; userId: string; client: SignInClient; detail: Record<string, unknown> }): void;
}

export interface CompleteOptions {
  /**
   * Stores a user that does not exist yet together with its first session (sign-up: user,
   * account and session in one transaction); called with null when a challenge comes first.
   */
  persist?: (session: Session | null) => Promise<User>;
  /** false: no `sign-in.success` event (sign-up records none: the account's first session is not a sign-in of record). */
  record?: boolean;
}

export interface SignInCompletionDeps {
  users: Pick<UserRepository, 'findById' | 'update'>;
  sessions: Pick<SessionManager, 'create' | 'build'>;
  pending: PendingSignIns;
  clock: Clock;
  events?: SignInEvents;
}

/**
 * The one way a sign-in becomes a session. Every proof of identity ends here: the ban check
 * (an expired ban is cleared), then each registered challenge policy in order — the first that
 * demands more turns the sign-in into a pending one — then the session, and the audit event.
 * A proof vouched for by an existing session (a replaced session, an impersonation) has met the
 * policies already: only the ban check applies, and it is not a sign-in of the person.
 */
export class SignInCompletion {
  constructor(
    private readonly deps: SignInCompletionDeps,
    private readonly policies: readonly ChallengePolicy[] = [],
  ) {}

  /** The names of the registered challenge policies, in the order they apply. */
  get policyNames(): string[] {
    return this.policies.map((policy) => policy.name);
  }

  /**
   * The first policy alone: refuses a banned user (403 BANNED_USER), clearing an expired ban. For
   * a use case that must know before it says anything else (a password sign-in that would ask
   * for email verification); `complete` applies it again.
   */
  admit(user: User): Promise<User> {
    return assertNotBanned(user, this.deps.users, this.deps.clock);
  }

  /** Completes a sign-in: a session, or a pending sign-in when a policy demands more. */
  async complete(proof: SignInProof, options: CompleteOptions = {}): Promise<SignInOutcome> {
    // A user about to be created cannot be banned; an existing one is checked (and an expired ban cleared).
    let user = options.persist ? proof.user : await this.admit(proof.user);
    const vouched = proof.factors.includes('session');
    if (!vouched) {
      for (const policy of this.policies) {
        const demand = await policy.demand({ ...proof, user });
        if (!demand) continue;
        if (options.persist) user = await options.persist(null);
        const pending = await this.deps.pending.create({ ...proof, user }, demand);
        this.report('sign-in.challenge', user, proof, { policy: demand.policy });
        return { kind: 'challenge', user, demand, token: pending.token, expiresAt: pending.expiresAt, proof };
      }
    }
    return this.issue({ ...proof, user }, options, vouched);
  }

  /**
   * A session vouched for by the caller's existing one (a replaced session, an administrator's
   * impersonation): the ban check only, no challenge, no sign-in event.
   */
  async vouch(proof: Omit<SignInProof, 'factors'> & { factors?: readonly Factor[] }): Promise<SessionOutcome> {
    const user = await this.admit(proof.user);
    return this.issue({ ...proof, user, factors: ['session', ...(proof.factors ?? [])] }, {}, true);
  }

  private async issue(proof: SignInProof, options: CompleteOptions, vouched: boolean): Promise<SessionOutcome> {
    const { sessions } = this.deps;
    let { user } = proof;
    const input = {
      userId: user.id,
      rememberMe: proof.rememberMe,
      ipAddress: proof.client.ipAddress,
      userAgent: proof.client.userAgent,
      impersonatedBy: proof.session?.impersonatedBy,
      expiresIn: proof.session?.expiresIn,
    };
    let session: Session;
    if (options.persist) {
      session = sessions.build(input);
      user = await options.persist(session);
    } else {
      session = await sessions.create(input);
    }
    if (!vouched && options.record !== false) this.report('sign-in.success', user, proof, {});
    return { kind: 'session', user, session, proof };
  }

  /**
   * Answers the challenge of a pending sign-in. `answer` checks the person's answer against the
   * pending sign-in's user and names the factor it proved, or null for a wrong answer (counted;
   * the last allowed failure kills the pending sign-in). A right answer completes the sign-in with
   * that factor added, through every policy again.
   */
  async resume(token: string, client: SignInClient, answer: (pending: PendingSignIn, user: User) => Promise<Factor | null>): Promise<ResumeOutcome> {
    const { pending: store, users } = this.deps;
    const pending = await store.take(token);
    if (!pending) return { status: 'missing' };
    const user = await users.findById(pending.userId);
    if (!user) return { status: 'missing' };
    let factor: Factor | null;
    try {
      factor = await answer(pending, user);
    } catch (error) {
      // The answer could not be checked (a store failing): the person may try again.
      await store.restore(token, pending);
      throw error;
    }
    if (!factor) return { status: 'wrong', attemptsLeft: await store.fail(token, pending), userId: user.id };
    const proof: SignInProof = {
      user,
      method: pending.method,
      factors: [...pending.factors, factor],
      rememberMe: pending.rememberMe,
      client,
      next: pending.next,
      isNewUser: pending.isNewUser,
      detail: pending.detail,
    };
    return { status: 'done', outcome: await this.complete(proof) };
  }

  private report(action: 'sign-in.success' | 'sign-in.challenge', user: User, proof: SignInProof, extra: Record<string, unknown>): void {
    this.deps.events?.record({ action, userId: user.id, client: proof.client, detail: { method: proof.method, ...proof.detail, ...extra } });
  }
}
