// The sign-in page's methods, as a list each feature adds its own to. A method answers some of
// the sign-in form's intents; every one ends with `followSignIn` (lib/sign-in-flow.server.ts), so
// a second factor, an app's authorization request and the deep link are handled in one place.
// Redirect sign-ins (a provider, single sign-on) post to their own routes and come back through
// the target's callback URL (`callbackURL()`), the consent page of an app's sign-in included.
import { data, type ActionFunctionArgs } from '@remix-run/node';
import { routes } from '@tend/contracts';
import { failureStatus, type ActionResult } from './actions';
import { call } from './call.server';
import { emailSignInAction, isEmailSignInIntent } from './email-sign-in.server';
import { describeError } from './errors';
import { signInForm } from './form-schemas';
import { parseForm } from './forms';
import { gateway } from './gateway.server';
import { PASSKEY_SIGN_IN_INTENT, passkeySignInAction } from './passkeys.server';
import { followSignIn, withOAuthQuery, type SignInTarget } from './sign-in-flow.server';

/** One way to sign in from the sign-in page's forms. */
export interface SignInMethod {
  /** For people reading the code and the tests: which method this is. */
  name: string;
  /** Whether this method answers the intent the form was sent with. */
  answers(intent: string): boolean;
  /** Signs in (or takes the next step), answering the page's result or throwing a redirect (followSignIn). */
  action(args: ActionFunctionArgs, form: FormData, intent: string, target: SignInTarget): Promise<unknown>;
}

/** Email or username and password: one field takes both (an @ means an email). */
const passwordSignIn: SignInMethod = {
  name: 'password',
  answers: (intent) => intent === 'sign-in' || intent === '',
  async action(args, form, _intent, target) {
    const parsed = parseForm(signInForm, form);
    if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
    const api = gateway(args);
    const { identifier, password } = parsed.values;
    const rememberMe = parsed.values.rememberMe ?? false;
    const result = identifier.includes('@')
      ? await call(api, routes.signInEmail, withOAuthQuery({ email: identifier, password, rememberMe }, target))
      : await call(api, routes.signInUsername, withOAuthQuery({ username: identifier, password, rememberMe }, target));
    if (!result.ok) {
      const errors = describeError(result.error, { email: 'identifier', username: 'identifier', identifier: 'identifier' });
      return data<ActionResult>({ errors, values: { identifier } }, { status: failureStatus(result.status), headers: api.headers });
    }
    throw followSignIn(api, args.request, result.data, target);
  },
};

/** "Email me a sign-in link" and "Email me a sign-in code", then the code typed back in. */
const emailSignIn: SignInMethod = {
  name: 'email link or code',
  answers: isEmailSignInIntent,
  action: (args, form, intent, target) => emailSignInAction(args, form, intent as Parameters<typeof emailSignInAction>[2], target),
};

/** "Sign in with a passkey" (the browser's WebAuthn answer, sent with the form). */
const passkeySignIn: SignInMethod = {
  name: 'passkey',
  answers: (intent) => intent === PASSKEY_SIGN_IN_INTENT,
  action: (args, form, _intent, target) => passkeySignInAction(args, form, target),
};

/** The methods the sign-in page's action dispatches to, first match wins. */
export const SIGN_IN_METHODS: readonly SignInMethod[] = [emailSignIn, passkeySignIn, passwordSignIn];

/** The method answering an intent (a form sent without one, by Enter in a field, is the password sign-in). */
export function signInMethodFor(intent: string): SignInMethod {
  return SIGN_IN_METHODS.find((method) => method.answers(intent)) ?? passwordSignIn;
}
