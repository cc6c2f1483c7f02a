import type { Request, Response } from 'express';
import { routes } from '@tend/contracts';
import { ADMIN_ERRORS } from '@tend/admin';
import { IDENTITY_ERRORS, assertNotBanned, presentUser, type User } from '@tend/identity';
import { raise } from '@tend/kernel';
import { SESSION_ERRORS } from '@tend/sessions';
import { TWO_FACTOR_ERRORS, TWO_FACTOR_POLICY, type TwoFactor } from '@tend/two-factor';
import type { FailedSignInThrottle } from '@tend/rate-limit';
import type { GatewayConfig } from '../../config.js';
import { clientInfo } from '../../http/client.js';
import type { Cookies } from '../../http/cookies.js';
import { endpoint, type AuditEntry } from '../../http/endpoint.js';
import type { AuditSink } from '../../http/mount.js';
import type { SignInHttp } from '../../http/sign-in-http.js';
import type { SignInCompletion } from '@tend/identity';
import { PLATFORM } from '../../platform.js';
import { adminAuth, deniedOf } from '../admin/guard.js';
import { TRUST_DEVICE_COOKIE } from './cookies.js';
import { TWO_FACTOR } from './tokens.js';

const tags = ['Two-factor'];
const PASSWORD_ERRORS = [IDENTITY_ERRORS.INVALID_PASSWORD, SESSION_ERRORS.UNAUTHORIZED];

type Method = 'totp' | 'otp' | 'backup-code';

/** The audit event of a session route of this module, on success only. */
const onSuccess =
  (action: string) =>
  (outcome: { ok: boolean }, { auth }: { auth: { user: User } | null }): AuditEntry | null =>
    outcome.ok && auth ? { action, actorId: auth.user.id, targetUserId: auth.user.id } : null;

interface AnswerDeps {
  twoFactor: TwoFactor;
  completion: SignInCompletion;
  signIns: SignInHttp;
  cookies: Cookies;
  throttle: FailedSignInThrottle;
  audit: AuditSink | null;
  config: GatewayConfig;
  users: { findById(id: string): Promise<User | null> };
}

const answerDeps = {
  twoFactor: TWO_FACTOR.Service,
  completion: PLATFORM.SignInCompletion,
  signIns: PLATFORM.SignInHttp,
  cookies: PLATFORM.Cookies,
  throttle: PLATFORM.FailedSignInThrottle,
  audit: PLATFORM.AuditSink,
  config: PLATFORM.Config,
  users: PLATFORM.UserRepository,
};

function recordFailure(deps: AnswerDeps, req: Request, userId: string, method: Method, reason: string): void {
  try {
    deps.audit?.record({ action: 'two-factor.failure', actorId: null, targetUserId: userId, detail: { method, reason }, ...clientInfo(req) });
  } catch {
    // an audit failure never fails the request
  }
}

/**
 * Answers the second-factor challenge the request's two-factor cookie holds: the pending sign-in
 * is taken (one of parallel answers gets it), the code checked against its user, and the sign-in
 * completed with the factor added; a wrong code counts (the 10th kills the pending sign-in) and
 * counts in the account's failed sign-in throttle.
 */
async function answerChallenge(deps: AnswerDeps, req: Request, res: Response, method: Method, code: string, trustDevice: boolean | undefined) {
  const token = deps.signIns.pendingToken(req, TWO_FACTOR_POLICY);
  if (!token) throw raise(TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
  const answered = await deps.completion.resume(token, deps.signIns.client(req), async (_pending, user) => {
    const throttled = await deps.throttle.check(user.email);
    if (!throttled.allowed) return null;
    const right = method === 'totp' ? await deps.twoFactor.checkTotp(user, code) : method === 'otp' ? await deps.twoFactor.checkEmailCode(user, code) : await deps.twoFactor.checkBackupCode(user, code);
    return right ? method : null;
  });
  if (answered.status === 'missing') throw raise(TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
  if (answered.status === 'wrong') {
    const user = await deps.users.findById(answered.userId);
    if (user) await deps.throttle.recordFailure(user.email);
    recordFailure(deps, req, answered.userId, method, answered.attemptsLeft === 0 ? 'TOO_MANY_ATTEMPTS' : 'WRONG_CODE');
    throw raise(method === 'backup-code' ? TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE : TWO_FACTOR_ERRORS.INVALID_CODE);
  }
  const { outcome } = answered;
  if (outcome.kind !== 'session') throw new Error(`a second factor was answered and ${outcome.demand.policy} still asks`);
  await deps.throttle.recordSuccess(outcome.user.email);
  if (trustDevice) {
    const mark = await deps.twoFactor.trustMark(outcome.user);
    if (mark) deps.cookies.set(req, res, TRUST_DEVICE_COOKIE, mark);
  }
  return deps.signIns.json(req, res, outcome, ({ session, user }) => ({ token: session.token, user: presentUser(user, deps.config.userFields) }));
}

const ANSWER_ERRORS = [TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE, IDENTITY_ERRORS.BANNED_USER];

export const enableTwoFactor = endpoint({
  ...routes.twoFactorEnable,
  summary: 'Start enrolling an authenticator app',
  description:
    'Checks the password and answers a new TOTP URI (6 digits, 30 s, SHA1; `issuer` overrides AUTH_TWO_FACTOR_ISSUER) and 10 backup codes. Two-factor turns on with the first valid code sent to /two-factor/verify-totp; calling again before that starts over.',
  tags,
  auth: 'session',
  errors: [...PASSWORD_ERRORS, TWO_FACTOR_ERRORS.TOTP_ALREADY_ENABLED],
  deps: { twoFactor: TWO_FACTOR.Service },
  handler: ({ deps, body, auth }) => deps.twoFactor.enable({ user: auth.user, password: body.password, issuer: body.issuer }),
});

export const getTotpURI = endpoint({
  ...routes.twoFactorGetTotpURI,
  summary: 'The TOTP URI again',
  description: 'Checks the password; 400 TWO_FACTOR_NOT_ENABLED without an enrolment.',
  tags,
  auth: 'session',
  errors: [...PASSWORD_ERRORS, TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED],
  deps: { twoFactor: TWO_FACTOR.Service },
  async handler({ deps, body, auth }) {
    const { totpURI } = await deps.twoFactor.totpURI({ user: auth.user, password: body.password });
    return { totpURI };
  },
});

export const verifyTotp = endpoint({
  ...routes.twoFactorVerifyTotp,
  summary: 'Verify an authenticator-app code',
  description:
    'With the two-factor cookie: completes the pending sign-in (`{token, user}`, the session cookie; `trustDevice` sets the trust cookie). With a session: the first valid code turns two-factor on. Codes of the current and next 30-s step are accepted, each once; wrong: 401 INVALID_CODE.',
  tags,
  auth: 'public',
  errors: [...ANSWER_ERRORS, TWO_FACTOR_ERRORS.INVALID_CODE, TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED],
  deps: { ...answerDeps, http: PLATFORM.SessionHttp },
  async handler({ deps, body, req, res }) {
    if (deps.signIns.pendingToken(req, TWO_FACTOR_POLICY)) return answerChallenge(deps, req, res, 'totp', body.code, body.trustDevice);
    const auth = await deps.http.resolve(req, res, { disableCookieCache: true });
    if (!auth) throw raise(TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
    try {
      const { user, turnedOn } = await deps.twoFactor.confirm({ user: auth.user, code: body.code });
      if (turnedOn) {
        deps.audit?.record({ action: 'two-factor.enabled', actorId: user.id, targetUserId: user.id, detail: null, ...clientInfo(req) });
        deps.http.refreshCache(req, res, { session: auth.session, user });
      }
      return { token: auth.session.token, user: presentUser(user, deps.config.userFields) };
    } catch (error) {
      recordFailure(deps, req, auth.user.id, 'totp', 'WRONG_CODE');
      throw error;
    }
  },
});

export const disableTwoFactor = endpoint({
  ...routes.twoFactorDisable,
  summary: 'Turn two-factor off',
  description: 'Checks the password; removes the enrolment, the backup codes and every trusted device, and mails a notice.',
  tags,
  auth: 'session',
  errors: [...PASSWORD_ERRORS, TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED],
  audit: onSuccess('two-factor.disabled'),
  deps: { twoFactor: TWO_FACTOR.Service, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const user = await deps.twoFactor.disable({ user: auth.user, password: body.password });
    deps.http.refreshCache(req, res, { session: auth.session, user });
    return { status: true };
  },
});

export const generateBackupCodes = endpoint({
  ...routes.twoFactorGenerateBackupCodes,
  summary: 'New backup codes',
  description: 'Checks the password; 10 new codes, the old ones stop working. 400 TWO_FACTOR_NOT_ENABLED while off.',
  tags,
  auth: 'session',
  errors: [...PASSWORD_ERRORS, TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED],
  audit: onSuccess('two-factor.backup-codes-regenerated'),
  deps: { twoFactor: TWO_FACTOR.Service },
  async handler({ deps, body, auth }) {
    return { status: true, backupCodes: await deps.twoFactor.regenerateBackupCodes({ user: auth.user, password: body.password }) };
  },
});

export const sendOtp = endpoint({
  ...routes.twoFactorSendOtp,
  summary: 'Mail a second-factor code',
  description: 'With the two-factor cookie: mails a 6-digit code (5 minutes, once) to the pending sign-in’s user, replacing the live one.',
  tags,
  auth: 'public',
  errors: ANSWER_ERRORS,
  deps: { twoFactor: TWO_FACTOR.Service, signIns: PLATFORM.SignInHttp, pending: PLATFORM.PendingSignIns, users: PLATFORM.UserRepository, clock: PLATFORM.Clock },
  async handler({ deps, req }) {
    const token = deps.signIns.pendingToken(req, TWO_FACTOR_POLICY);
    const pending = token ? await deps.pending.peek(token) : null;
    const user = pending ? await deps.users.findById(pending.userId) : null;
    if (!user) throw raise(TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
    // Banned since the password step: no code goes out (the answer would be refused anyway).
    await deps.twoFactor.sendEmailCode(await assertNotBanned(user, deps.users, deps.clock), pending!.factors);
    return { status: true };
  },
});

export const verifyOtp = endpoint({
  ...routes.twoFactorVerifyOtp,
  summary: 'Verify a mailed second-factor code',
  description: 'With the two-factor cookie: completes the pending sign-in (`{token, user}`); wrong: 401 INVALID_CODE.',
  tags,
  auth: 'public',
  errors: [...ANSWER_ERRORS, TWO_FACTOR_ERRORS.INVALID_CODE],
  deps: answerDeps,
  handler: ({ deps, body, req, res }) => answerChallenge(deps, req, res, 'otp', body.code, body.trustDevice),
});

export const verifyBackupCode = endpoint({
  ...routes.twoFactorVerifyBackupCode,
  summary: 'Verify a backup code',
  description: 'With the two-factor cookie: completes the pending sign-in (`{token, user}`); the code is used up. Wrong: 401 INVALID_BACKUP_CODE.',
  tags,
  auth: 'public',
  errors: [...ANSWER_ERRORS, TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE],
  deps: answerDeps,
  handler: ({ deps, body, req, res }) => answerChallenge(deps, req, res, 'backup-code', body.code, body.trustDevice),
});

export const resetTwoFactor = endpoint({
  ...routes.resetTwoFactor,
  summary: "Reset a user's two-factor authentication",
  description: 'For a user who lost their device: removes the enrolment, backup codes and trusted devices, turns two-factor off, ends every session of the user and mails a notice.',
  tags: ['Admin'],
  auth: adminAuth('set-user-password'),
  errors: [deniedOf('set-user-password'), ADMIN_ERRORS.USER_NOT_FOUND],
  audit: (outcome, { auth, body }) => (outcome.ok && auth ? { action: 'two-factor.reset', actorId: auth.user.id, targetUserId: body.userId } : null),
  deps: { twoFactor: TWO_FACTOR.Service, users: PLATFORM.UserRepository, sessions: PLATFORM.SessionManager },
  async handler({ deps, body }) {
    if (!(await deps.users.findById(body.userId))) throw raise(ADMIN_ERRORS.USER_NOT_FOUND);
    await deps.twoFactor.reset(body.userId);
    await deps.sessions.revokeAll(body.userId);
    return { status: true };
  },
});

