import { routes } from '@tend/contracts';
import { HASHING_ERRORS, IDENTITY_ERRORS, presentUser, withQuery } from '@tend/identity';
import { GENERAL_ERRORS, raise } from '@tend/kernel';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint, redirect, type AnyEndpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { ACCOUNT } from './tokens.js';

const tags = ['Password'];
const policyErrors = [IDENTITY_ERRORS.PASSWORD_TOO_SHORT, IDENTITY_ERRORS.PASSWORD_TOO_LONG, IDENTITY_ERRORS.PASSWORD_COMPROMISED, HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER];

/** POST /request-password-reset, and its older name /forget-password (spec section 2). */
function requestReset(contract: typeof routes.requestPasswordReset | typeof routes.forgetPassword, summary: string): AnyEndpoint {
  return endpoint({
    ...contract,
    summary,
    description: 'Always answers the same message, whether or not the address has an account.',
    tags,
    auth: 'public',
    errors: [IDENTITY_ERRORS.INVALID_EMAIL, GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION],
    deps: { requestReset: ACCOUNT.RequestPasswordReset },
    handler: ({ deps, body }) => deps.requestReset.execute(body),
  });
}

export const requestPasswordReset = requestReset(routes.requestPasswordReset, 'Mail a password reset link');
export const forgetPassword = requestReset(routes.forgetPassword, 'Mail a password reset link (older name)');

export const resetPasswordLink = endpoint({
  ...routes.resetPasswordLink,
  summary: 'Open a mailed reset link',
  description: "With a callbackURL, redirects to it with `?token=` (or `?error=INVALID_TOKEN`); the token is not consumed.",
  tags,
  auth: 'public',
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
  ...routes.resetPassword,
  summary: 'Set a new password with a reset token',
  description: 'Consumes the token and ends every session of the user.',
  tags,
  auth: 'public',
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
  ...routes.changePassword,
  summary: "Change the signed-in user's password",
  tags,
  auth: 'session',
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
  deps: { changePassword: ACCOUNT.ChangePassword, http: PLATFORM.SessionHttp, signIns: PLATFORM.SignInHttp, config: PLATFORM.Config },
  async handler({ deps, body, auth, req, res }) {
    const rememberMe = !deps.http.tokenOf(req)?.dontRemember;
    const { signIn } = await deps.changePassword.execute({ user: auth.user, ...body, rememberMe, client: deps.signIns.client(req) });
    const user = presentUser(auth.user, deps.config.userFields);
    return signIn ? deps.signIns.json(req, res, signIn, ({ session }) => ({ token: session.token, user })) : { token: null, user };
  },
});

/** Server only (spec section 6): set a first password for a user without one. Never mounted over HTTP. */
export const setPassword = endpoint({
  ...routes.setPassword,
  summary: 'Set a password for a user who has none (server only)',
  tags,
  auth: 'server-only',
  errors: [IDENTITY_ERRORS.USER_ALREADY_HAS_A_PASSWORD, ...policyErrors],
  deps: { setPassword: ACCOUNT.SetPassword },
  async handler({ deps, body, auth }) {
    await deps.setPassword.execute({ userId: auth.user.id, newPassword: body.newPassword });
    return { status: true };
  },
});
