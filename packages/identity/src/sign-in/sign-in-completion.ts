import { noEvents, silentLogger, type Clock, type EventRecorder, type Logger } from '@tend/kernel';
import type { Session } from '@tend/sessions';
import type { SessionIssuer } from '@tend/sessions/issuer';
import type { Account, User } from '../entities.js';
import { assertNotBanned } from '../ban.js';
import type { FirstSessionStore, UserRepository } from '../ports.js';
import type { ChallengeDemand, ChallengePolicy } from './challenge-policy.js';
import type { PendingSignIn, PendingSignIns } from './pending-sign-ins.js';
import type { Factor, SignInClient, SignInProof } from './proof.js';
import type { SessionEffect, SessionEffectHandler } from './session-effects.js';
import { signedInEvent, userEvent } from '../user-events.js';

declare const issued: unique symbol;

/**
 * A sign-in that became a session. Only the sign-in completion makes one (its brand cannot be
 * written elsewhere), and the gateway writes a new session's cookie only from one of these.
 */
export interface SessionOutcome {
  readonly [issued]: true;
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
   * The proof's user does not exist yet: the completion stores it (with `account` when given)
   * together with its first session in one transaction (sign-up), or alone when a challenge
   * comes first. A taken email answers 422 USER_ALREADY_EXISTS and nothing is stored.
   */
  create?: { account?: Account };
  /** false: no `sign-in.success` event (sign-up records none: the account's first session is not a sign-in of record). */
  record?: boolean;
  /**
   * What must happen only once this sign-in is a session (`SessionEffect`), run by their
   * registered handlers when the session is issued: now, or when the challenge is answered.
   */
  onSession?: readonly SessionEffect[];
}

export interface SignInCompletionDeps {
  users: Pick<UserRepository, 'findById' | 'update' | 'create'>;
  /** The capability to make sessions (sessions' SessionIssuer): the composition root gives it to the completion alone. */
  sessions: Pick<SessionIssuer, 'create' | 'build'>;
  /** Stores a new user with its first session at once (a sign-up signed in at once). */
  firstSessions: FirstSessionStore;
  pending: PendingSignIns;
  clock: Clock;
  events?: SignInEvents;
  /** The handlers of the session effects ways of signing in may declare, by name. */
  effects?: readonly SessionEffectHandler[];
  /** Where a failed session effect is reported. */
  logger?: Logger;
  /**
   * Where a new session's events go, in the session's own transaction: `user.created` for a
   * sign-up's user, `user.signed_in` for a sign-in of record (docs/webhooks.md).
   */
  domainEvents?: EventRecorder;
}

/**
 * The one way a sign-in becomes a session. Every proof of identity ends here: the ban check
 * (an expired ban is cleared), then each registered challenge policy in order — the first that
 * demands more turns the sign-in into a pending one — then the session, the audit event and the
 * sign-in's declared session effects. `complete` applies every policy to every proof, whatever
 * its factors; the one path without policies is `vouch`, for sessions an existing session vouches
 * for (a replaced session, an impersonation): the ban check only, and no sign-in of record.
 */
export class SignInCompletion {
  private readonly effects: ReadonlyMap<string, SessionEffectHandler>;

  constructor(
    private readonly deps: SignInCompletionDeps,
    private readonly policies: readonly ChallengePolicy[] = [],
  ) {
    this.effects = new Map((deps.effects ?? []).map((handler) => [handler.name, handler]));
  }

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
    const onSession = options.onSession ?? [];
    for (const effect of onSession) if (!this.effects.has(effect.name)) throw new Error(`No handler for the session effect ${effect.name}`);
    // A user about to be created cannot be banned; an existing one is checked (and an expired ban cleared).
    let user = options.create ? proof.user : await this.admit(proof.user);
    for (const policy of this.policies) {
      const demand = await policy.demand({ ...proof, user });
      if (!demand) continue;
      if (options.create) user = await this.deps.users.create(user, options.create.account);
      const pending = await this.deps.pending.create({ ...proof, user }, demand, onSession);
      this.report('sign-in.challenge', user, proof, { policy: demand.policy });
      return { kind: 'challenge', user, demand, token: pending.token, expiresAt: pending.expiresAt, proof };
    }
    const create = options.create;
    const record = options.record !== false;
    const outcome = await (this.deps.domainEvents ?? noEvents).record(
      () => this.issue({ ...proof, user }, create),
      (issued) => [...(create ? [userEvent('user.created', issued.user)] : []), ...(record ? [signedInEvent(issued.user, issued.session)] : [])],
    );
    if (options.record !== false) this.report('sign-in.success', outcome.user, proof, {});
    await this.runEffects(onSession, outcome);
    return outcome;
  }

  /**
   * A session vouched for by the caller's existing one (a replaced session, an administrator's
   * impersonation): the ban check only, no challenge, no sign-in event, no effects.
   */
  async vouch(proof: Omit<SignInProof, 'factors'> & { factors?: readonly Factor[] }): Promise<SessionOutcome> {
    const user = await this.admit(proof.user);
    return this.issue({ ...proof, user, factors: ['session', ...(proof.factors ?? [])] });
  }

  private async issue(proof: SignInProof, create?: CompleteOptions['create']): Promise<SessionOutcome> {
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
    if (create) {
      // User, account and session in one transaction: a failure half-way leaves nothing behind.
      session = sessions.build(input);
      user = await this.deps.firstSessions.createWithSession(user, create.account, session);
    } else {
      session = await sessions.create(input);
    }
    return { kind: 'session', user, session, proof } as SessionOutcome;
  }

  /**
   * Answers the challenge of a pending sign-in. `answer` checks the person's answer against the
   * pending sign-in's user and names the factor it proved, or null for a wrong answer (counted;
   * the last allowed failure kills the pending sign-in). A right answer completes the sign-in with
   * that factor added, through every policy again, with the effects it declared.
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
    return { status: 'done', outcome: await this.complete(proof, { onSession: pending.onSession }) };
  }

  /** Runs a session's declared effects in order; a failure is logged, the session stands. */
  private async runEffects(effects: readonly SessionEffect[], outcome: SessionOutcome): Promise<void> {
    for (const effect of effects) {
      try {
        await this.effects.get(effect.name)?.run(effect.data, outcome);
      } catch (error) {
        (this.deps.logger ?? silentLogger).error('session effect failed', { effect: effect.name, userId: outcome.user.id, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  private report(action: 'sign-in.success' | 'sign-in.challenge', user: User, proof: SignInProof, extra: Record<string, unknown>): void {
    this.deps.events?.record({ action, userId: user.id, client: proof.client, detail: { method: proof.method, ...proof.detail, ...extra } });
  }
}
