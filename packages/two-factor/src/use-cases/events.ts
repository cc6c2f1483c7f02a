import type { SignInClient } from '@tend/identity';

/** What the second factor reports: turned on, a wrong answer, a lock set by wrong answers. */
export interface TwoFactorEvent {
  action: 'two-factor.enabled' | 'two-factor.failure' | 'two-factor.locked';
  /** Who acted: the signed-in user, or null for an answer of a sign-in not yet complete. */
  actorId: string | null;
  targetUserId: string;
  client: SignInClient | null;
  /** Facts only (the method, a reason code, a lock's length); never a code or a secret. */
  detail?: Record<string, string | number | boolean>;
}

/** Where the second factor reports (the audit log); never awaited, never failing a request. */
export interface TwoFactorEvents {
  record(event: TwoFactorEvent): void;
}

/** Events nobody hears (tests that do not look at them). */
export const NO_EVENTS: TwoFactorEvents = { record: () => undefined };
