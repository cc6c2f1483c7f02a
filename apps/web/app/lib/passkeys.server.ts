// Passkeys in the web app: the list on the Security page, adding one (the browser's WebAuthn
// answer, sent with the form), renaming and deleting, and signing in with one from the sign-in
// page. The WebAuthn options come from the gateway through the /api/auth proxy (the browser asks
// them itself: they bind their challenge to its cookie); every answer is verified by the gateway.
import { data, type ActionFunctionArgs } from '@remix-run/node';
import { authenticationResponse, registrationResponse, routes, type RouteReply } from '@tend/contracts';
import { failureStatus, type ActionResult } from './actions';
import { call } from './call.server';
import { describeError, type ErrorLike, type FormErrors } from './errors';
import { text } from './forms';
import { gateway, type GatewayClient } from './gateway.server';
import { followSignIn, withOAuthQuery, type SignInTarget } from './sign-in-flow.server';

export type PasskeyRow = RouteReply<typeof routes.listUserPasskeys>[number];

/** The intents the Security page's passkey forms send (`passkey-rename:<id>`, `passkey-delete:<id>`). */
export function isPasskeyIntent(intent: unknown): intent is string {
  return typeof intent === 'string' && /^passkey-(add|rename:.+|delete:.+)$/.test(intent);
}

/** The sign-in page's intent of "Sign in with a passkey". */
export const PASSKEY_SIGN_IN_INTENT = 'passkey-sign-in';

export const NEEDS_JAVASCRIPT = 'Passkeys work through your browser, which needs JavaScript for them. Turn JavaScript on, or use another way.';
const NAME_MAX = 200;

/** What people read for the gateway's passkey errors. */
const MESSAGES: Record<string, string> = {
  CHALLENGE_NOT_FOUND: 'That took too long or was started in another window. Please try again.',
  FAILED_TO_VERIFY_REGISTRATION: "We couldn't add that passkey. Please try again, or use another device.",
  AUTHENTICATION_FAILED: "We couldn't sign you in with that passkey. Please try again, or use another way to sign in.",
  PASSKEY_NOT_FOUND: "That passkey isn't linked to a Tend account any more. Sign in another way, then add it again.",
};

/** On the Security page, a passkey not found is one deleted meanwhile (in another window). */
const GONE = 'That passkey no longer exists. It may have been deleted in another window.';

function describe(error: ErrorLike, fields: Record<string, string> = {}, managing = false): FormErrors {
  const message = managing && error.code === 'PASSKEY_NOT_FOUND' ? GONE : MESSAGES[error.code];
  return message ? { form: message, fields: {}, code: error.code } : describeError(error, fields);
}

/** The caller's passkeys, oldest first (none when the gateway refuses). */
export async function loadPasskeys(api: GatewayClient): Promise<{ passkeys: PasskeyRow[]; error: string | null }> {
  const result = await call(api, routes.listUserPasskeys);
  if (!result.ok) return { passkeys: [], error: describe(result.error).form ?? "Your passkeys couldn't be loaded. Please reload the page." };
  return { passkeys: result.data, error: null };
}

/** The browser's WebAuthn answer, sent as JSON in the form's `response` field (null: none or not one). */
function answerOf<T>(form: FormData, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | null {
  const raw = text(form, 'response');
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Answers the Security page's passkey intents: add, rename, delete. */
export async function passkeysAction(args: ActionFunctionArgs, form: FormData, intent: string) {
  const api = gateway(args);
  const fail = (errors: FormErrors, status: number, extra: Partial<ActionResult> = {}) => data<ActionResult>({ intent, errors, ...extra }, { status, headers: api.headers });

  if (intent === 'passkey-add') {
    const name = text(form, 'passkeyName').trim();
    const values = { passkeyName: name };
    if (!name) return fail({ fields: { passkeyName: 'Give the passkey a name, like “Laptop” or “Phone”.' } }, 400, { values });
    if (name.length > NAME_MAX) return fail({ fields: { passkeyName: `Please use at most ${NAME_MAX} characters.` } }, 400, { values });
    const response = answerOf(form, registrationResponse);
    if (!response) return fail({ form: NEEDS_JAVASCRIPT, fields: {}, code: 'NEEDS_JAVASCRIPT' }, 400, { values });
    const result = await call(api, routes.verifyPasskeyRegistration, { response, name });
    if (!result.ok) return fail(describe(result.error, { name: 'passkeyName' }), failureStatus(result.status), { values });
    return data<ActionResult>({ intent, done: 'added', detail: result.data.name ?? name }, { headers: api.headers });
  }

  const [verb = '', id = ''] = intent.split(':');
  const name = text(form, 'currentName') || 'The passkey';
  if (verb === 'passkey-rename') {
    const newName = text(form, 'newName').trim();
    if (!newName || newName.length > NAME_MAX) return fail({ fields: { newName: newName ? `Please use at most ${NAME_MAX} characters.` : 'Please enter a name.' } }, 400, { values: { newName } });
    const result = await call(api, routes.updatePasskey, { id, name: newName });
    if (!result.ok) return fail(describe(result.error, {}, true), failureStatus(result.status));
    return data<ActionResult>({ intent, done: 'renamed', detail: result.data.passkey.name ?? newName }, { headers: api.headers });
  }
  const result = await call(api, routes.deletePasskey, { id });
  if (!result.ok) return fail(describe(result.error, {}, true), failureStatus(result.status));
  return data<ActionResult>({ intent, done: 'deleted', detail: name }, { headers: api.headers });
}

/** "Sign in with a passkey": the browser's answer, verified by the gateway, becomes the session (or the second step). */
export async function passkeySignInAction(args: ActionFunctionArgs, form: FormData, target: SignInTarget) {
  const fail = (errors: FormErrors, status: number, headers?: Headers) => data<ActionResult>({ intent: PASSKEY_SIGN_IN_INTENT, errors }, { status, headers });
  const response = answerOf(form, authenticationResponse);
  if (!response) return fail({ form: NEEDS_JAVASCRIPT, fields: {}, code: 'NEEDS_JAVASCRIPT' }, 400);
  const api = gateway(args);
  const result = await call(api, routes.verifyPasskeyAuthentication, withOAuthQuery({ response }, target));
  if (!result.ok) return fail(describe(result.error), failureStatus(result.status), api.headers);
  throw followSignIn(api, args.request, result.data, target);
}
