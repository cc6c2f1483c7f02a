import { routes } from '@tend/contracts';
import { IDENTITY_ERRORS, presentUser } from '@tend/identity';
import { PASSKEY_ERRORS, PASSKEY_SIGN_IN_ERRORS, presentPasskey } from '@tend/passkeys';
import { endpoint, type AuditEntry, type AuditOutcome } from '../../http/endpoint.js';
import type { Auth } from '../../http/session.js';
import { signInFailure } from '../../http/sign-in-http.js';
import { PLATFORM } from '../../platform.js';
import { PASSKEY_CHALLENGE_COOKIE } from './cookies.js';
import { PASSKEYS } from './tokens.js';

const tags = ['Passkeys'];

/** The audit event of a change to the caller's passkeys: the passkey's `id` (a key named `passkey…` would be redacted as a secret). */
const changed =
  (action: string) =>
  <B>(outcome: AuditOutcome, call: { auth: Auth | null; body: B }): AuditEntry | null => {
    if (!outcome.ok || !call.auth) return null;
    const result = outcome.result as { id?: string; passkey?: { id: string } };
    const id = (call.body as { id?: string }).id ?? result.passkey?.id ?? result.id;
    return { action, actorId: call.auth.user.id, targetUserId: call.auth.user.id, detail: { id } };
  };

export const generatePasskeyRegisterOptions = endpoint({
  ...routes.generatePasskeyRegisterOptions,
  summary: 'Creation options for a new passkey',
  description:
    'For `navigator.credentials.create()`: a new challenge each call, bound to this browser by a signed cookie (5 minutes, single use), the relying party, the email as user name, ES256 and RS256, attestation `none`, and the caller’s passkeys excluded.',
  tags,
  auth: 'session',
  deps: { useCases: PASSKEYS.UseCases, cookies: PLATFORM.Cookies },
  async handler({ deps, auth, req, res }) {
    const { options, token } = await deps.useCases.generateRegistrationOptions.execute({ user: auth.user });
    deps.cookies.set(req, res, PASSKEY_CHALLENGE_COOKIE, token);
    return options;
  },
});

export const verifyPasskeyRegistration = endpoint({
  ...routes.verifyPasskeyRegistration,
  summary: 'Add a passkey',
  description:
    'Verifies the answer of `navigator.credentials.create()` against this browser’s challenge, the origin and the rp id, stores the passkey and mails the user. Without the options call (or a second time) 400 CHALLENGE_NOT_FOUND; an answer that does not verify 400 FAILED_TO_VERIFY_REGISTRATION, nothing stored.',
  tags,
  auth: 'session',
  errors: [PASSKEY_ERRORS.CHALLENGE_NOT_FOUND, PASSKEY_ERRORS.FAILED_TO_VERIFY_REGISTRATION],
  audit: changed('passkey.added'),
  deps: { useCases: PASSKEYS.UseCases, cookies: PLATFORM.Cookies },
  async handler({ deps, auth, body, req, res }) {
    const token = deps.cookies.get(req, PASSKEY_CHALLENGE_COOKIE);
    if (token !== null) deps.cookies.clear(req, res, PASSKEY_CHALLENGE_COOKIE);
    const passkey = await deps.useCases.verifyRegistration.execute({ user: auth.user, token, response: body.response, name: body.name ?? null });
    return presentPasskey(passkey);
  },
});

export const generatePasskeyAuthenticateOptions = endpoint({
  ...routes.generatePasskeyAuthenticateOptions,
  summary: 'Request options for signing in with a passkey',
  description: 'For `navigator.credentials.get()` (any discoverable passkey of this site): a new challenge bound to this browser by a signed cookie (5 minutes, single use).',
  tags,
  auth: 'public',
  deps: { useCases: PASSKEYS.UseCases, cookies: PLATFORM.Cookies },
  async handler({ deps, req, res }) {
    const { options, token } = await deps.useCases.generateAuthenticationOptions.execute();
    deps.cookies.set(req, res, PASSKEY_CHALLENGE_COOKIE, token);
    return options;
  },
});

export const verifyPasskeyAuthentication = endpoint({
  ...routes.verifyPasskeyAuthentication,
  summary: 'Sign in with a passkey',
  description:
    'Verifies the answer of `navigator.credentials.get()`: `{session, user}` and the session cookie, or the second-factor challenge when the authenticator did not verify the person (a passkey with user verification is two factors). Without this browser’s challenge, or replayed, 400 CHALLENGE_NOT_FOUND; an unknown or deleted credential 401 PASSKEY_NOT_FOUND; a wrong signature, challenge, origin or rp id, or a signature counter not above the stored one, 401 AUTHENTICATION_FAILED.',
  tags,
  auth: 'public',
  errors: [PASSKEY_ERRORS.CHALLENGE_NOT_FOUND, PASSKEY_SIGN_IN_ERRORS.PASSKEY_NOT_FOUND, PASSKEY_SIGN_IN_ERRORS.AUTHENTICATION_FAILED, IDENTITY_ERRORS.BANNED_USER],
  audit: signInFailure('passkey'),
  deps: { useCases: PASSKEYS.UseCases, cookies: PLATFORM.Cookies, signIns: PLATFORM.SignInHttp, config: PLATFORM.Config },
  async handler({ deps, body, req, res }) {
    const token = deps.cookies.get(req, PASSKEY_CHALLENGE_COOKIE);
    if (token !== null) deps.cookies.clear(req, res, PASSKEY_CHALLENGE_COOKIE);
    const outcome = await deps.useCases.verifyAuthentication.execute({ token, response: body.response, client: deps.signIns.client(req) });
    return deps.signIns.json(req, res, outcome, ({ session, user }) => ({ session, user: presentUser(user, deps.config.userFields) }));
  },
});

export const listUserPasskeys = endpoint({
  ...routes.listUserPasskeys,
  summary: 'The caller’s passkeys',
  tags,
  auth: 'session',
  deps: { useCases: PASSKEYS.UseCases },
  async handler({ deps, auth }) {
    return (await deps.useCases.list.execute({ userId: auth.user.id })).map(presentPasskey);
  },
});

export const updatePasskey = endpoint({
  ...routes.updatePasskey,
  summary: 'Rename one of the caller’s passkeys',
  description: 'Someone else’s passkey, or an unknown id, is 404 PASSKEY_NOT_FOUND and nothing changes.',
  tags,
  auth: 'session',
  errors: [PASSKEY_ERRORS.PASSKEY_NOT_FOUND],
  audit: changed('passkey.renamed'),
  deps: { useCases: PASSKEYS.UseCases },
  async handler({ deps, auth, body }) {
    return { passkey: presentPasskey(await deps.useCases.rename.execute({ userId: auth.user.id, id: body.id, name: body.name })) };
  },
});

export const deletePasskey = endpoint({
  ...routes.deletePasskey,
  summary: 'Delete one of the caller’s passkeys',
  description: 'Someone else’s passkey, or an unknown id, is 404 PASSKEY_NOT_FOUND and nothing changes.',
  tags,
  auth: 'session',
  errors: [PASSKEY_ERRORS.PASSKEY_NOT_FOUND],
  audit: changed('passkey.removed'),
  deps: { useCases: PASSKEYS.UseCases },
  async handler({ deps, auth, body }) {
    await deps.useCases.remove.execute({ userId: auth.user.id, id: body.id });
    return { status: true };
  },
});
