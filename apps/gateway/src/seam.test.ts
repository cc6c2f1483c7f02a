// The seam of the sign-in pipeline, held by the compiler. Each `@ts-expect-error` below is a
// module trying to sign someone in around SignInCompletion or to write a new session's cookie
// around SignInHttp; each must stay a type error: `pnpm typecheck` fails on an
// `@ts-expect-error` that finds none, so giving modules the capability back breaks the build.
// (dependency-cruiser refuses the imports that could reach it otherwise: tooling/dependency-cruiser.cjs.)
// The tests check the same shapes at run time.
import type { Request, Response } from 'express';
import type { Container } from 'inversify';
import type { Account, SessionOutcome, SignInProof, User } from '@tend/identity';
import * as sessionsPackage from '@tend/sessions';
import { SessionManager, type Session } from '@tend/sessions';
import { SessionHttp } from './http/session.js';
import { SignInHttp } from './http/sign-in-http.js';
import { PLATFORM } from './platform.js';

/** Never called: compiled only, for the errors it must contain. */
export function attemptsAroundTheSeam(c: Container, req: Request, res: Response, parts: { user: User; account: Account; session: Session; proof: SignInProof }): void {
  const { user, account, session, proof } = parts;
  const sessions = c.get(PLATFORM.SessionManager);
  // @ts-expect-error SessionManager cannot make a session: only the completion's SessionIssuer can.
  void sessions.create({ userId: user.id });
  // @ts-expect-error nor build one for a transaction of its own.
  sessions.build({ userId: user.id });
  // @ts-expect-error SessionHttp cannot start a session's cookies: only SignInHttp does, from a completion's outcome.
  c.get(PLATFORM.SessionHttp).start(req, res, { session, user });
  // @ts-expect-error UserRepository.create takes no session: a user signed in at once is stored by the completion.
  void c.get(PLATFORM.UserRepository).create(user, account, session);
  // @ts-expect-error the session store (which can write sessions) is no platform token.
  c.get(PLATFORM.SessionStore);
  // @ts-expect-error a SessionOutcome is made by the sign-in completion only.
  const forged: SessionOutcome = { kind: 'session', user, session, proof };
  // So SignInHttp writes a new session's cookie only for one the completion issued.
  c.get(PLATFORM.SignInHttp).json(req, res, forged, () => null);
}

describe('the seam of the sign-in pipeline', () => {
  it('gives modules a SessionManager that cannot make sessions, and no SessionIssuer from the package root', () => {
    expect('create' in SessionManager.prototype).toBe(false);
    expect('build' in SessionManager.prototype).toBe(false);
    expect(Object.keys(sessionsPackage)).not.toContain('SessionIssuer');
  });

  it('lets only SignInHttp start session cookies, and names no session store among the platform tokens', () => {
    expect('start' in SessionHttp.prototype).toBe(false);
    expect(typeof SignInHttp.prototype.json).toBe('function');
    expect(Object.keys(PLATFORM)).not.toContain('SessionStore');
  });
});
