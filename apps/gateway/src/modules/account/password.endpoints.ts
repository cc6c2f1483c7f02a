import * as api from '@tend/contracts';
import { HASHING_ERRORS, IDENTITY_ERRORS, presentUser, withQuery } from '@tend/identity';
import { GENERAL_ERRORS, raise } from '@tend/kernel';
import { SESSION_ERRORS } from '@tend/sessions';
import { z } from 'zod';
import { endpoint, redirect, type AnyEndpoint } from '../../http/endpoint.js';
import { clientInfo } from '../../http/client.js';
import { PLATFORM } from '../../platform.js';
import { ACCOUNT } from './tokens.js';

const tags = ['Password'];
const policyErrors = [IDENTITY_ERRORS.PASSWORD_TOO_SHORT, IDENTITY_ERRORS.PASSWORD_TOO_LONG, IDENTITY_ERRORS.PASSWORD_COMPROMISED, HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER];

/** POST /request-password-reset, and its older name /forget-password (spec section 2). */
function requestReset(path: string, summary: string): AnyEndpoint {
  return endpoint({
    method: 'post',
    path,
    summary,
    description: 'Always answers the same message, whether or not the address has an account.',
    tags,
    auth: 'public',
    body: api.requestPasswordResetBody,
    response: api.requestPasswordResetResponse,
    errors: [GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION],
    deps: { requestReset: ACCOUNT.RequestPasswordReset },
    handler: ({ deps, body }) => deps.requestReset.execute(body),
  });
}

export const requestPasswordReset = requestReset('/request-password-reset', 'Mail a password reset link');
export const forgetPassword = requestReset('/forget-password', 'Mail a password reset link (older name)');

export const resetPasswordLink = endpoint({
  method: 'get',
  path: '/reset-password/:token',
  summary: 'Open a mailed reset link',
  description: "With a callbackURL, redirects to it with `?token=` (or `?error=INVALID_TOKEN`); the token is not consumed.",
  tags,
  auth: 'public',
  params: api.resetPasswordLinkParams,
  query: api.resetPasswordLinkQuery,
  response: api.resetPasswordLinkResponse,
  errors: [IDENTITY_ERRORS.INVALID_TOKEN],
  deps: { verifyToken: ACCOUNT.VerifyResetPasswordToken },
  async handler({ deps, params, query }) {
    const valid = await deps.verifyToken.execute(params.token);
    if (query.callbackURL) return redirect(withQuery(query.callbackURL, valid ? { token: params.token } : { error: 'INVALID_TOKEN' }));
    if (!valid) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    return { token: params.token };
  },
});

export const resetPassword = endpoint({
  method: 'post',
  path: '/reset-password',
  summary: 'Set a new password with a reset token',
  description: 'Consumes the token and ends every session of the user.',
  tags,
  auth: 'public',
  body: api.resetPasswordBody,
  query: api.resetPasswordQuery,
  response: api.status,
  errors: [IDENTITY_ERRORS.INVALID_TOKEN, ...policyErrors],
  // Anonymous by nature (the token names the user, and is never logged).
  audit: (outcome) => (outcome.ok ? { action: 'password.reset', actorId: null } : null),
  deps: { reset: ACCOUNT.ResetPassword },
  async handler({ deps, body, query }) {
    await deps.reset.execute({ newPassword: body.newPassword, token: body.token ?? query.token });
    return { status: true };
  },
});

export const changePassword = endpoint({
  method: 'post',
  path: '/change-password',
  summary: "Change the signed-in user's password",
  tags,
  auth: 'session',
  body: api.changePasswordBody,
  response: api.changePasswordResponse,
  errors: [IDENTITY_ERRORS.INVALID_PASSWORD, IDENTITY_ERRORS.CREDENTIAL_ACCOUNT_NOT_FOUND, ...policyErrors, SESSION_ERRORS.UNAUTHORIZED],
  audit: (outcome, { auth, body }) =>
    outcome.ok && auth
      ? {
          action: 'password.change',
          actorId: auth.user.id,
          targetUserId: auth.user.id,
          detail: { revokeOtherSessions: body.revokeOtherSessions ?? false, impersonatedBy: auth.session.impersonatedBy ?? undefined },
        }
      : null,
  deps: { changePassword: ACCOUNT.ChangePassword, http: PLATFORM.SessionHttp, config: PLATFORM.Config },
  async handler({ deps, body, auth, req, res }) {
    const rememberMe = !deps.http.tokenOf(req)?.dontRemember;
    const { session } = await deps.changePassword.execute({ userId: auth.user.id, ...body, rememberMe, ...clientInfo(req) });
    if (session) deps.http.start(req, res, { session, user: auth.user }, rememberMe);
    return { token: session?.token ?? null, user: presentUser(auth.user, deps.config.userFields) };
  },
});

/** Server only (spec section 6): set a first password for a user without one. Never mounted over HTTP. */
export const setPassword = endpoint({
  method: 'post',
  path: '/set-password',
  summary: 'Set a password for a user who has none (server only)',
  tags,
  auth: 'server-only',
  body: z.object({ newPassword: api.passwordInput() }),
  response: api.status,
  errors: [IDENTITY_ERRORS.USER_ALREADY_HAS_A_PASSWORD, ...policyErrors],
  deps: { setPassword: ACCOUNT.SetPassword },
  async handler({ deps, body, auth }) {
    await deps.setPassword.execute({ userId: auth.user.id, newPassword: body.newPassword });
    return { status: true };
  },
});
