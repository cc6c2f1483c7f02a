// The one place a sign-in becomes HTTP: the outcome of the sign-in completion turns into the
// session cookie and a JSON body or a redirect, or — for a challenge — into the short-lived
// challenge cookie and `{twoFactorRedirect: true, ...}` or a redirect to the web app's page
// that asks for the answer. It alone writes a session's cookies from nothing, and only for a
// SessionOutcome (which only identity's SignInCompletion can make) or a session that exists
// already (`restore`); SessionHttp has no way to start them.
import type { Request, Response } from 'express';
import type { SignInChallengeReply } from '@tend/contracts';
import { clientOf, withQuery, WrongPassword, type ChallengeDemand, type SessionOutcome, type SignInClient, type SignInOutcome } from '@tend/identity';
import { clientInfo } from './client.js';
import type { CookieSpec, Cookies } from './cookies.js';
import { Redirect, type AuditEntry, type AuditOutcome } from './endpoint.js';
import type { Auth } from './session.js';
import type { SessionCookieWriter } from './session-cookie-writer.js';

/** How a challenge policy shows over HTTP: its cookie, its JSON answer and its page in the web app. */
export interface ChallengeHttp {
  /** The policy's name (`ChallengePolicy.name`). */
  policy: string;
  /** Holds the pending sign-in's token: signed, HttpOnly, living as long as a pending sign-in (600 s). */
  cookie: CookieSpec;
  /** What a JSON sign-in route answers instead of the session. */
  reply(demand: ChallengeDemand): SignInChallengeReply;
  /** The web app's path that asks for the answer; redirect sign-ins go there with `?callbackURL=`. */
  page: string;
}

/**
 * Where a JSON sign-in goes next when its request asks to continue somewhere (the identity
 * provider's signed `oauth_query` in the body): the URL, or null when the request carries none
 * it recognises (forged or expired ones too: the sign-in then answers as usual).
 */
export type SignInContinuation = (req: Request) => string | null;

/**
 * What a module does once a sign-in is a session and its cookie is written, before the answer
 * leaves (multi-session's `_multi-` cookie, the new-device mail): every method, the second
 * factor's answer and vouched sessions (`proof.factors` then starts with `session`) alike.
 */
export type SignedInHandler = (req: Request, res: Response, signedIn: SessionOutcome) => Promise<void>;

export class SignInHttp {
  private readonly byPolicy: ReadonlyMap<string, ChallengeHttp>;

  constructor(
    private readonly writer: SessionCookieWriter,
    private readonly cookies: Cookies,
    challenges: readonly ChallengeHttp[],
    /** The web app's origin (AUTH_WEB_URL), where challenge pages live. */
    private readonly webURL: string,
    private readonly continuations: readonly SignInContinuation[] = [],
    private readonly signedIn: readonly SignedInHandler[] = [],
  ) {
    this.byPolicy = new Map(challenges.map((challenge) => [challenge.policy, challenge]));
  }

  /** What a sign-in proof knows of the request: address, agent and the verified sign-in marks. */
  client(req: Request): SignInClient {
    return clientOf(clientInfo(req), this.cookies.signInMarks(req));
  }

  /** A JSON route's answer: the session cookie and `body`, or the challenge cookie and its reply. */
  json<T>(req: Request, res: Response, outcome: SessionOutcome, body: (auth: Auth) => T): Promise<T>;
  json<T>(req: Request, res: Response, outcome: SignInOutcome, body: (auth: Auth) => T): Promise<T | SignInChallengeReply>;
  async json<T>(req: Request, res: Response, outcome: SignInOutcome, body: (auth: Auth) => T): Promise<T | SignInChallengeReply> {
    if (outcome.kind === 'challenge') return this.challenge(req, res, outcome).reply(outcome.demand);
    await this.start(req, res, outcome);
    const reply = body({ session: outcome.session, user: outcome.user });
    const next = this.continuationOf(req);
    // The authorization flow goes on at the consent page: `{redirect: true, url}` beside the usual answer.
    return next === null ? reply : ({ ...reply, redirect: true, url: next } as T);
  }

  private continuationOf(req: Request): string | null {
    for (const continuation of this.continuations) {
      const next = continuation(req);
      if (next !== null) return next;
    }
    return null;
  }

  /** A redirect route's answer: the session cookie and `to`, or the challenge cookie and the challenge page (which returns to `to`). */
  async redirect(req: Request, res: Response, outcome: SignInOutcome, to: string): Promise<Redirect> {
    if (outcome.kind === 'challenge') {
      const challenge = this.challenge(req, res, outcome);
      return new Redirect(withQuery(`${this.webURL}${challenge.page}`, { callbackURL: to }));
    }
    await this.start(req, res, outcome);
    return new Redirect(to);
  }

  /**
   * The cookies of a session that exists already and is not a new sign-in: the administrator's
   * own session, kept aside during an impersonation and returned to at its end. Nothing new is
   * issued here; the caller holds the session's token.
   */
  restore(req: Request, res: Response, kept: Auth, rememberMe: boolean): void {
    this.writer.writeSession(req, res, kept, rememberMe);
  }

  /** The pending sign-in token a request carries for a policy's challenge (null: none, or forged). */
  pendingToken(req: Request, policy: string): string | null {
    const challenge = this.byPolicy.get(policy);
    return challenge ? this.cookies.get(req, challenge.cookie) : null;
  }

  private async start(req: Request, res: Response, outcome: SessionOutcome): Promise<void> {
    this.writer.writeSession(req, res, { session: outcome.session, user: outcome.user }, outcome.proof.rememberMe !== false);
    // A challenge answered: its cookie is spent.
    for (const challenge of this.byPolicy.values()) if (this.cookies.get(req, challenge.cookie) !== null) this.cookies.clear(req, res, challenge.cookie);
    for (const handler of this.signedIn) await handler(req, res, outcome);
  }

  private challenge(req: Request, res: Response, outcome: Extract<SignInOutcome, { kind: 'challenge' }>): ChallengeHttp {
    const challenge = this.byPolicy.get(outcome.demand.policy);
    if (!challenge) throw new Error(`No HTTP declaration for the challenge policy ${outcome.demand.policy}`);
    this.cookies.set(req, res, challenge.cookie, outcome.token);
    return challenge;
  }
}

/**
 * The audit event of a failed sign-in (successes are the sign-in completion's): the method, the
 * reason code and the facts `detail` adds, never the identifier or the secret. Validation
 * failures are not attempts. A wrong password of an existing account is recorded against that
 * account (`targetUserId`: its recent activity), though the answer does not tell.
 */
export function signInFailure<B>(method: string, detail: (body: B) => Record<string, unknown> = () => ({})) {
  return (outcome: AuditOutcome, call: { body: B }): AuditEntry | null => {
    if (outcome.ok || outcome.error.code === 'VALIDATION_ERROR') return null;
    const target = outcome.error.cause instanceof WrongPassword ? { targetUserId: outcome.error.cause.userId } : {};
    return { action: 'sign-in.failure', actorId: null, ...target, detail: { method, ...detail(call.body), reason: outcome.error.code } };
  };
}
