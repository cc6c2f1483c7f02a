import { routes } from '@tend/contracts';
import { HASHING_ERRORS, IDENTITY_ERRORS } from '@tend/identity';
import { MAILER_ERRORS } from '@tend/mailer';
import { SESSION_ERRORS } from '@tend/sessions';
import { answeredPrefetch, endpoint, redirect } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { ACCOUNT } from './tokens.js';

const tags = ['Account'];
const deletionEnabled = (config: { deleteUser: { enabled: boolean } }) => config.deleteUser.enabled;

export const changeEmail = endpoint({
  ...routes.changeEmail,
  summary: "Change the signed-in user's email",
  description: 'An unverified email changes at once; a verified one changes when the link mailed to the new address is opened.',
  tags,
  auth: 'session',
  errors: [
    IDENTITY_ERRORS.INVALID_EMAIL,
    IDENTITY_ERRORS.EMAIL_IS_THE_SAME,
    IDENTITY_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL,
    IDENTITY_ERRORS.CHANGE_EMAIL_IS_DISABLED,
    MAILER_ERRORS.INTERNAL_SERVER_ERROR_WE_ARE_UNABLE_TO_PROCESS_YOUR_REQUEST_RIGHT_NOW_PLEASE_TRY_AGAIN_LATER,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  // The immediate swap of an unverified email, or the mailed confirmation of a verified one.
  audit: (outcome, { auth }) =>
    outcome.ok && auth ? { action: 'email.change', actorId: auth.user.id, targetUserId: auth.user.id, detail: { impersonatedBy: auth.session.impersonatedBy ?? undefined } } : null,
  deps: { changeEmail: ACCOUNT.ChangeEmail, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const changed = await deps.changeEmail.execute({ user: auth.user, newEmail: body.newEmail, callbackURL: body.callbackURL });
    deps.http.refreshCache(req, res, { session: auth.session, user: changed });
    return { status: true };
  },
});

export const deleteUser = endpoint({
  ...routes.deleteUser,
  summary: 'Delete the signed-in user',
  description: 'With the password, a mailed token, or a fresh session; otherwise a confirmation link is mailed.',
  tags,
  auth: 'session',
  errors: [
    IDENTITY_ERRORS.INVALID_PASSWORD,
    IDENTITY_ERRORS.INVALID_TOKEN,
    IDENTITY_ERRORS.CREDENTIAL_ACCOUNT_NOT_FOUND,
    IDENTITY_ERRORS.USER_ALREADY_HAS_A_PASSWORD_PROVIDE_THAT_TO_DELETE_THE_ACCOUNT,
    IDENTITY_ERRORS.USER_CANNOT_BE_DELETED_PLEASE_PROVIDE_A_PASSWORD_OR_TOKEN,
    HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER,
    SESSION_ERRORS.SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION,
    MAILER_ERRORS.INTERNAL_SERVER_ERROR_WE_ARE_UNABLE_TO_PROCESS_YOUR_REQUEST_RIGHT_NOW_PLEASE_TRY_AGAIN_LATER,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  enabled: deletionEnabled,
  audit: (outcome, { auth }) =>
    outcome.ok && auth && (outcome.result as { message?: string }).message === 'User deleted'
      ? { action: 'account.delete', actorId: auth.user.id, targetUserId: auth.user.id, detail: { impersonatedBy: auth.session.impersonatedBy ?? undefined } }
      : null,
  deps: { deleteUser: ACCOUNT.DeleteUser, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const outcome = await deps.deleteUser.execute({ ...auth, ...body });
    if (outcome === 'mail-sent') return { success: true, message: 'Verification email sent' };
    deps.http.end(req, res);
    return { success: true, message: 'User deleted' };
  },
});

export const deleteUserCallback = endpoint({
  ...routes.deleteUserCallback,
  summary: 'Confirm a deletion (the mailed link)',
  description: 'With a callbackURL, redirects there (failures carry `?error=`). HEAD (mail scanners) answers 200 and deletes nothing.',
  tags,
  auth: 'public',
  errors: [IDENTITY_ERRORS.INVALID_TOKEN, IDENTITY_ERRORS.USER_NOT_FOUND],
  errorRedirect: ({ query }) => query?.callbackURL,
  enabled: deletionEnabled,
  // The mailed link names the user only through its token, which is never logged. A HEAD answers
  // nothing (undefined) and deleted nothing: no event.
  audit: (outcome) => (outcome.ok && outcome.result !== undefined ? { action: 'account.delete', actorId: null, detail: { via: 'link' } } : null),
  deps: { confirmDelete: ACCOUNT.ConfirmDeleteUser, http: PLATFORM.SessionHttp },
  async handler({ deps, query, req, res }) {
    if (answeredPrefetch(req, res)) return undefined as never;
    // The stored session, not the cookie cache: a revoked session must not pass.
    const current = await deps.http.resolve(req, res, { disableCookieCache: true });
    await deps.confirmDelete.execute({ token: query.token, userId: current?.user.id ?? null });
    deps.http.end(req, res);
    if (query.callbackURL) return redirect(query.callbackURL);
    return { success: true, message: 'User deleted' };
  },
});
