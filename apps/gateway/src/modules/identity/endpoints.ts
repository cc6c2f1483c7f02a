import * as api from '@tend/contracts';
import { HASHING_ERRORS, IDENTITY_ERRORS, USERNAME_ERRORS, presentUser } from '@tend/identity';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint } from '../../http/endpoint.js';
import { clientInfo } from '../../http/client.js';
import { throttledSignIn } from '../../http/sign-in-throttle.js';
import { PLATFORM } from '../../platform.js';
import { IDENTITY } from './tokens.js';

const tags = ['Sign-up and sign-in'];

export const signUpEmail = endpoint({
  method: 'post',
  path: '/sign-up/email',
  summary: 'Create an account with email and password',
  description: 'Creates the user with a credential account and, unless email verification is required, signs them in (sets the session cookie).',
  tags,
  auth: 'public',
  body: api.signUpEmailBody,
  response: api.signUpEmailResponse,
  errors: [
    IDENTITY_ERRORS.INVALID_EMAIL,
    IDENTITY_ERRORS.PASSWORD_TOO_SHORT,
    IDENTITY_ERRORS.PASSWORD_TOO_LONG,
    IDENTITY_ERRORS.PASSWORD_COMPROMISED,
    IDENTITY_ERRORS.USER_ALREADY_EXISTS,
    IDENTITY_ERRORS.FAILED_TO_CREATE_USER,
    HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER,
    USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER,
    USERNAME_ERRORS.USERNAME_IS_TOO_SHORT,
    USERNAME_ERRORS.USERNAME_IS_TOO_LONG,
    USERNAME_ERRORS.USERNAME_IS_INVALID,
  ],
  deps: { signUp: IDENTITY.SignUpWithEmail, http: PLATFORM.SessionHttp, config: PLATFORM.Config },
  async handler({ deps, body, req, res }) {
    const { email, password, callbackURL, rememberMe, ...fields } = body;
    const { user, session } = await deps.signUp.execute({ email, password, fields, callbackURL, rememberMe, ...clientInfo(req) });
    if (session) deps.http.start(req, res, { session, user }, rememberMe !== false);
    return { token: session?.token ?? null, user: presentUser(user, deps.config.userFields) };
  },
});

export const signInEmail = endpoint({
  method: 'post',
  path: '/sign-in/email',
  summary: 'Sign in with email and password',
  tags,
  auth: 'public',
  body: api.signInEmailBody,
  response: api.signInEmailResponse,
  errors: [IDENTITY_ERRORS.INVALID_EMAIL_OR_PASSWORD, IDENTITY_ERRORS.EMAIL_NOT_VERIFIED, IDENTITY_ERRORS.BANNED_USER, HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER],
  // Who signed in, or why not: the reason code only, never the identifier or the password.
  audit(outcome) {
    if (outcome.ok) {
      const { id } = (outcome.result as { user: { id: string } }).user;
      return { action: 'sign-in.success', actorId: id, targetUserId: id, detail: { method: 'email' } };
    }
    return outcome.error.code === 'VALIDATION_ERROR' ? null : { action: 'sign-in.failure', actorId: null, detail: { method: 'email', reason: outcome.error.code } };
  },
  deps: { signIn: IDENTITY.SignInWithPassword, http: PLATFORM.SessionHttp, config: PLATFORM.Config, throttle: PLATFORM.FailedSignInThrottle },
  async handler({ deps, body, req, res }) {
    const auth = await throttledSignIn(deps.throttle)(body.email, () =>
      deps.signIn.withEmail({ identifier: body.email, password: body.password, rememberMe: body.rememberMe, callbackURL: body.callbackURL, ...clientInfo(req) }),
    );
    deps.http.start(req, res, auth, body.rememberMe !== false);
    return { redirect: Boolean(body.callbackURL), token: auth.session.token, url: body.callbackURL, user: presentUser(auth.user, deps.config.userFields) };
  },
});

export const signInUsername = endpoint({
  method: 'post',
  path: '/sign-in/username',
  summary: 'Sign in with username and password',
  tags,
  auth: 'public',
  body: api.signInUsernameBody,
  response: api.signInUsernameResponse,
  errors: [
    USERNAME_ERRORS.INVALID_USERNAME_OR_PASSWORD,
    USERNAME_ERRORS.EMAIL_NOT_VERIFIED,
    USERNAME_ERRORS.USERNAME_IS_TOO_SHORT,
    USERNAME_ERRORS.USERNAME_IS_TOO_LONG,
    USERNAME_ERRORS.USERNAME_IS_INVALID,
    IDENTITY_ERRORS.BANNED_USER,
    HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER,
  ],
  // Who signed in, or why not: the reason code only, never the identifier or the password.
  audit(outcome) {
    if (outcome.ok) {
      const { id } = (outcome.result as { user: { id: string } }).user;
      return { action: 'sign-in.success', actorId: id, targetUserId: id, detail: { method: 'username' } };
    }
    return outcome.error.code === 'VALIDATION_ERROR' ? null : { action: 'sign-in.failure', actorId: null, detail: { method: 'username', reason: outcome.error.code } };
  },
  deps: { signIn: IDENTITY.SignInWithPassword, http: PLATFORM.SessionHttp, throttle: PLATFORM.FailedSignInThrottle },
  async handler({ deps, body, req, res }) {
    const auth = await throttledSignIn(deps.throttle)(body.username, () =>
      deps.signIn.withUsername({ identifier: body.username, password: body.password, rememberMe: body.rememberMe, callbackURL: body.callbackURL, ...clientInfo(req) }),
    );
    deps.http.start(req, res, auth, body.rememberMe !== false);
    const { id, email, emailVerified, username, displayUsername, name, image, createdAt, updatedAt } = auth.user;
    return { token: auth.session.token, user: { id, email, emailVerified, username, displayUsername, name, image, createdAt, updatedAt } };
  },
});

export const updateUser = endpoint({
  method: 'post',
  path: '/update-user',
  summary: "Update the signed-in user's profile",
  description: 'Name, image, username and custom fields. `email` is refused (use change-email); admin fields are ignored.',
  tags: ['Account'],
  auth: 'session',
  body: api.updateUserBody,
  response: api.status,
  errors: [
    IDENTITY_ERRORS.EMAIL_CAN_NOT_BE_UPDATED,
    IDENTITY_ERRORS.NO_FIELDS_TO_UPDATE,
    USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER,
    USERNAME_ERRORS.USERNAME_IS_TOO_SHORT,
    USERNAME_ERRORS.USERNAME_IS_TOO_LONG,
    USERNAME_ERRORS.USERNAME_IS_INVALID,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  deps: { updateUser: IDENTITY.UpdateUser, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const input: Record<string, unknown> = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (Object.hasOwn(req.body ?? {}, 'email')) input.email = body.email;
    const user = await deps.updateUser.execute(auth.user.id, input);
    deps.http.refreshCache(req, res, { session: auth.session, user });
    return { status: true };
  },
});

export const isUsernameAvailable = endpoint({
  method: 'post',
  path: '/is-username-available',
  summary: 'Check whether a username is free',
  tags,
  auth: 'public',
  body: api.isUsernameAvailableBody,
  response: api.isUsernameAvailableResponse,
  errors: [USERNAME_ERRORS.USERNAME_IS_TOO_SHORT, USERNAME_ERRORS.USERNAME_IS_TOO_LONG, USERNAME_ERRORS.USERNAME_IS_INVALID],
  deps: { isAvailable: IDENTITY.IsUsernameAvailable },
  async handler({ deps, body }) {
    return { available: await deps.isAvailable.execute(body.username) };
  },
});
