import { createMemoryTables, ManualClock, silentLogger, type Logger, type MemoryTables } from '@tend/kernel';
import { MemorySessionStore, SessionManager, type SessionConfig } from '@tend/sessions';
import { SessionIssuer } from '@tend/sessions/issuer';
import { MemoryAccountRepository } from '../adapters/memory/memory-account-repository.js';
import { MemoryUserRepository } from '../adapters/memory/memory-user-repository.js';
import { AccountLinkEffect } from '../linking/external-identity-linker.js';
import { MemoryVerificationRepository } from '../adapters/memory/memory-verification-repository.js';
import type { ChallengePolicy } from '../sign-in/challenge-policy.js';
import { PendingSignIns } from '../sign-in/pending-sign-ins.js';
import type { SessionEffectHandler } from '../sign-in/session-effects.js';
import { SignInCompletion, type SignInEvents } from '../sign-in/sign-in-completion.js';

export interface SignInFixtureOptions {
  tables?: MemoryTables;
  clock?: ManualClock;
  /** The session settings of the manager and the issuer (a freshness age of 0, say). */
  sessionConfig?: Partial<SessionConfig>;
  /** The completion's session issuer (one that fails or picks tokens), instead of a plain one. */
  issuer?: SessionIssuer;
  policies?: readonly ChallengePolicy[];
  effects?: readonly SessionEffectHandler[];
  logger?: Logger;
}

/**
 * The sign-in completion on memory stores, with what tests look at: the sessions, pending
 * sign-ins and recorded events. `issuer` makes sessions directly, for tests that need a signed-in
 * user as a given (only the completion holds one in the gateway).
 */
export function signInFixture(options: SignInFixtureOptions = {}) {
  const tables = options.tables ?? createMemoryTables();
  const clock = options.clock ?? new ManualClock();
  const users = new MemoryUserRepository(tables);
  const store = new MemorySessionStore(tables);
  const sessions = new SessionManager(store, clock, options.sessionConfig);
  const issuer = options.issuer ?? new SessionIssuer(store, clock, options.sessionConfig);
  const pending = new PendingSignIns(new MemoryVerificationRepository(tables), clock);
  const events: Parameters<SignInEvents['record']>[0][] = [];
  const completion = new SignInCompletion(
    {
      users,
      sessions: issuer,
      firstSessions: users,
      pending,
      clock,
      events: { record: (event) => void events.push(event) },
      // As the gateway registers them: identity's deferred links, then the test's.
      effects: [new AccountLinkEffect({ accounts: new MemoryAccountRepository(tables), clock }), ...(options.effects ?? [])],
      logger: options.logger ?? silentLogger,
    },
    options.policies ?? [],
  );
  return { tables, clock, users, sessions, issuer, pending, events, completion };
}
