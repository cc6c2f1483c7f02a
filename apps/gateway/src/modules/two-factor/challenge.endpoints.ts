// The second step of a sign-in: answering the pending sign-in of the two-factor cookie (an
// authenticator-app code, a mailed code, a backup code), mailing a code, and the ways it offers.
// Thin: the rules are the two-factor package's use cases (AnswerChallenge, PendingChallenge).
import type { Request, Response } from 'express';
import { routes } from '@tend/contracts';
import { IDENTITY_ERRORS, presentUser } from '@tend/identity';
import { raise } from '@tend/kernel';
import { TWO_FACTOR_ERRORS, TWO_FACTOR_POLICY, type AnswerChallenge, type TwoFactorMethod } from '@tend/two-factor';
import type { GatewayConfig } from '../../config.js';
import type { Cookies } from '../../http/cookies.js';
import { endpoint } from '../../http/endpoint.js';
import type { SignInHttp } from '../../http/sign-in-http.js';
import { PLATFORM } from '../../platform.js';
import { TRUST_DEVICE_COOKIE } from './cookies.js';
import { TWO_FACTOR } from './tokens.js';

const tags = ['Two-factor'];
const { INVALID_TWO_FACTOR_COOKIE, ACCOUNT_TEMPORARILY_LOCKED } = TWO_FACTOR_ERRORS;
/** Every answer may find no pending sign-in, a user banned since, or the account locked (429 with Retry-After). */
const ANSWER_ERRORS = [INVALID_TWO_FACTOR_COOKIE, IDENTITY_ERRORS.BANNED_USER, ACCOUNT_TEMPORARILY_LOCKED];

interface AnswerDeps {
  answer: AnswerChallenge;
  signIns: SignInHttp;
  cookies: Cookies;
  config: GatewayConfig;
}

const answerDeps = { answer: TWO_FACTOR.Answer, signIns: PLATFORM.SignInHttp, cookies: PLATFORM.Cookies, config: PLATFORM.Config };

/** Answers the challenge of the request's two-factor cookie: the session (and the trust cookie when asked), or the use case's error. */
async function answer(deps: AnswerDeps, req: Request, res: Response, method: TwoFactorMethod, body: { code: string; trustDevice?: boolean }) {
  const token = deps.signIns.pendingToken(req, TWO_FACTOR_POLICY);
  const { outcome, trustMark } = await deps.answer.execute({ token, client: deps.signIns.client(req), method, code: body.code, trustDevice: body.trustDevice });
  if (trustMark) deps.cookies.set(req, res, TRUST_DEVICE_COOKIE, trustMark);
  return deps.signIns.json(req, res, outcome, ({ session, user }) => ({ token: session.token, user: presentUser(user, deps.config.userFields) }));
}

const LOCK_NOTE =
  ' Ten wrong answers for one account, over all its pending sign-ins, lock its second step: 429 ACCOUNT_TEMPORARILY_LOCKED with Retry-After, the right code included (15 minutes, then twice as long after each further wrong answer; docs/two-factor.md).';

export const verifyTotp = endpoint({
  ...routes.twoFactorVerifyTotp,
  summary: 'Verify an authenticator-app code',
  description: `With the two-factor cookie: completes the pending sign-in (\`{token, user}\`, the session cookie; \`trustDevice\` sets the trust cookie). With a session: the first valid code turns two-factor on. Codes of the current and next 30-s step are accepted, each once; wrong: 401 INVALID_CODE.${LOCK_NOTE}`,
  tags,
  auth: 'public',
  errors: [...ANSWER_ERRORS, TWO_FACTOR_ERRORS.INVALID_CODE, TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED, TWO_FACTOR_ERRORS.TOTP_NOT_ENABLED],
  deps: { ...answerDeps, confirm: TWO_FACTOR.Confirm, http: PLATFORM.SessionHttp },
  async handler({ deps, body, req, res }) {
    if (deps.signIns.pendingToken(req, TWO_FACTOR_POLICY)) return answer(deps, req, res, 'totp', body);
    const auth = await deps.http.resolve(req, res, { disableCookieCache: true });
    if (!auth) throw raise(INVALID_TWO_FACTOR_COOKIE);
    const { user, turnedOn } = await deps.confirm.execute({ user: auth.user, code: body.code, client: deps.signIns.client(req) });
    if (turnedOn) deps.http.refreshCache(req, res, { session: auth.session, user });
    return { token: auth.session.token, user: presentUser(user, deps.config.userFields) };
  },
});

export const verifyOtp = endpoint({
  ...routes.twoFactorVerifyOtp,
  summary: 'Verify a mailed second-factor code',
  description: `With the two-factor cookie: completes the pending sign-in (\`{token, user}\`); wrong: 401 INVALID_CODE. A sign-in whose first step was by mail (a link or code) was not offered \`otp\`: 400 OTP_NOT_ENABLED.${LOCK_NOTE}`,
  tags,
  auth: 'public',
  errors: [...ANSWER_ERRORS, TWO_FACTOR_ERRORS.INVALID_CODE, TWO_FACTOR_ERRORS.OTP_NOT_ENABLED],
  deps: answerDeps,
  handler: ({ deps, body, req, res }) => answer(deps, req, res, 'otp', body),
});

export const verifyBackupCode = endpoint({
  ...routes.twoFactorVerifyBackupCode,
  summary: 'Verify a backup code',
  description: `With the two-factor cookie: completes the pending sign-in (\`{token, user}\`); the code is used up. Wrong: 401 INVALID_BACKUP_CODE.${LOCK_NOTE}`,
  tags,
  auth: 'public',
  errors: [...ANSWER_ERRORS, TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE, TWO_FACTOR_ERRORS.BACKUP_CODES_NOT_ENABLED],
  deps: answerDeps,
  handler: ({ deps, body, req, res }) => answer(deps, req, res, 'backup-code', body),
});

export const sendOtp = endpoint({
  ...routes.twoFactorSendOtp,
  summary: 'Mail a second-factor code',
  description:
    'With the two-factor cookie: mails a 6-digit code (5 minutes, once) to the pending sign-in’s user, replacing the live one. Only when the sign-in offered `otp`: after a first step by mail (a link or code) it is 400 OTP_NOT_ENABLED and nothing is mailed.',
  tags,
  auth: 'public',
  errors: [INVALID_TWO_FACTOR_COOKIE, IDENTITY_ERRORS.BANNED_USER, TWO_FACTOR_ERRORS.OTP_NOT_ENABLED],
  deps: { pending: TWO_FACTOR.Pending, signIns: PLATFORM.SignInHttp },
  async handler({ deps, req }) {
    await deps.pending.sendCode({ token: deps.signIns.pendingToken(req, TWO_FACTOR_POLICY) });
    return { status: true };
  },
});

export const twoFactorMethods = endpoint({
  ...routes.twoFactorMethods,
  summary: 'The ways to answer the pending sign-in',
  description:
    'With the two-factor cookie: the `twoFactorMethods` the sign-in answered (`totp`, `otp`, `backup-code`), for a page reached by a redirect. Without a live pending sign-in: 401 INVALID_TWO_FACTOR_COOKIE.',
  tags,
  auth: 'public',
  errors: [INVALID_TWO_FACTOR_COOKIE],
  deps: { pending: TWO_FACTOR.Pending, signIns: PLATFORM.SignInHttp },
  async handler({ deps, req }) {
    return { twoFactorMethods: await deps.pending.methods({ token: deps.signIns.pendingToken(req, TWO_FACTOR_POLICY) }) };
  },
});
