import type { User } from '../entities.js';
import type { Factor } from './factors.js';

export type { Factor } from './factors.js';

/** The request a sign-in came from, as far as the core needs to know it. */
export interface SignInClient {
  ipAddress: string | null;
  userAgent: string | null;
  /**
   * Signed marks the browser carried that may change what a sign-in must prove (a trusted
   * device), by name; the gateway fills them from the cookies modules declared as sign-in marks.
   */
  marks: Readonly<Record<string, string>>;
}

/**
 * The proof every way of signing in hands to the one sign-in completion: who, how, what was
 * proven, and what the session should be like.
 */
export interface SignInProof {
  user: User;
  /** How the person signed in, as the audit log names it: `email`, `username`, `social`, `id-token`, `passkey`, … */
  method: string;
  factors: readonly Factor[];
  /** false: a one-day session that is never extended. Default true. */
  rememberMe?: boolean;
  client: SignInClient;
  /** Where the person goes once signed in (redirect flows); kept across a challenge. */
  next?: string | null;
  /** The account was created by this sign-in. */
  isNewUser?: boolean;
  /** Facts the audit event carries (the provider id); never secrets. */
  detail?: Readonly<Record<string, string | number | boolean>>;
  /** Not a person's choice: an impersonation session's owner and fixed lifetime. */
  session?: { impersonatedBy?: string; expiresIn?: number };
}

/** A client with nothing known about it (tests, server-side calls). */
export const UNKNOWN_CLIENT: SignInClient = Object.freeze({ ipAddress: null, userAgent: null, marks: Object.freeze({}) });

/** The client of a request, without sign-in marks. */
export function clientOf(info: { ipAddress?: string | null; userAgent?: string | null }, marks: Readonly<Record<string, string>> = {}): SignInClient {
  return { ipAddress: info.ipAddress ?? null, userAgent: info.userAgent ?? null, marks };
}
