import { createMemoryTables, ManualClock, type MemoryTables } from '@tend/kernel';
import { MemorySessionStore, SessionManager } from '@tend/sessions';
import { MemoryUserRepository } from '../adapters/memory/memory-user-repository.js';
import { MemoryVerificationRepository } from '../adapters/memory/memory-verification-repository.js';
import type { ChallengePolicy } from '../sign-in/challenge-policy.js';
import { PendingSignIns } from '../sign-in/pending-sign-ins.js';
import { SignInCompletion, type SignInEvents } from '../sign-in/sign-in-completion.js';

export interface SignInFixtureOptions {
  tables?: MemoryTables;
  clock?: ManualClock;
  sessions?: SessionManager;
  policies?: readonly ChallengePolicy[];
}

/** The sign-in completion on memory stores, with what tests look at: the sessions, pending sign-ins and recorded events. */
export function signInFixture(options: SignInFixtureOptions = {}) {
  const tables = options.tables ?? createMemoryTables();
  const clock = options.clock ?? new ManualClock();
  const users = new MemoryUserRepository(tables);
  const sessions = options.sessions ?? new SessionManager(new MemorySessionStore(tables), clock);
  const pending = new PendingSignIns(new MemoryVerificationRepository(tables), clock);
  const events: Parameters<SignInEvents['record']>[0][] = [];
  const completion = new SignInCompletion({ users, sessions, pending, clock, events: { record: (event) => void events.push(event) } }, options.policies ?? []);
  return { tables, clock, users, sessions, pending, events, completion };
}
