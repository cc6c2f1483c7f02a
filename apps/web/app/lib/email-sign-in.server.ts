// Sign-in without a password from the sign-in page: "Email me a sign-in link" and "Email me a
// sign-in code" (the same form, with its Email field), then the code typed back in.
import { data, type ActionFunctionArgs } from '@remix-run/node';
import { routes } from '@tend/contracts';
import { failureStatus, type ActionResult } from './actions';
import { call } from './call.server';
import { describeError } from './errors';
import { text } from './forms';
import { gateway, webOrigin } from './gateway.server';
import { callbackURL, followSignIn, withOAuthQuery, type SignInTarget } from './sign-in-flow.server';

/** The intents of the sign-in form that this module answers. */
export const EMAIL_SIGN_IN_INTENTS = ['magic-link', 'email-otp', 'verify-code'] as const;
export type EmailSignInIntent = (typeof EMAIL_SIGN_IN_INTENTS)[number];

export function isEmailSignInIntent(intent: unknown): intent is EmailSignInIntent {
  return EMAIL_SIGN_IN_INTENTS.includes(intent as EmailSignInIntent);
}

const NOT_AN_EMAIL = 'Enter your email address (not a username) and we will email you a way in.';

/**
 * Answers one of the intents. Links land back on this web app, signed in, at the target (an app's
 * consent page included); a link that fails lands on the sign-in page with the reason
 * (`?error=INVALID_TOKEN|banned`).
 */
export async function emailSignInAction(args: ActionFunctionArgs, form: FormData, intent: EmailSignInIntent, target: SignInTarget) {
  const email = intent === 'verify-code' ? text(form, 'email') : text(form, 'identifier');
  if (!email.includes('@')) {
    return data<ActionResult>({ errors: { fields: { identifier: NOT_AN_EMAIL }, form: 'Please check the highlighted fields.' }, values: { identifier: email } }, { status: 400 });
  }
  const api = gateway(args);
  const origin = webOrigin(args.request);
  const fail = (error: Parameters<typeof describeError>[0], status: number, step: ActionResult) =>
    data<ActionResult>({ ...step, errors: describeError(error, { email: 'identifier', identifier: 'identifier', otp: 'otp' }) }, { status: failureStatus(status), headers: api.headers });

  if (intent === 'magic-link') {
    const result = await call(api, routes.signInMagicLink, {
      email,
      callbackURL: callbackURL(args.request, target),
      errorCallbackURL: `${origin}/sign-in?redirectTo=${encodeURIComponent(target.redirectTo)}`,
    });
    if (!result.ok) return fail(result.error, result.status, { values: { identifier: email } });
    return data<ActionResult>({ done: 'link-sent', detail: email }, { headers: api.headers });
  }
  if (intent === 'email-otp') {
    const result = await call(api, routes.sendVerificationOtp, { email, type: 'sign-in' });
    if (!result.ok) return fail(result.error, result.status, { values: { identifier: email } });
    // "Send a new code" on the code step says so (the first code's step needs no notice).
    const done = text(form, 'resend') === '1' ? 'code-resent' : 'code-sent';
    return data<ActionResult>({ done, intent, detail: email }, { headers: api.headers });
  }
  const otp = text(form, 'otp').replace(/\s+/g, '');
  if (!otp) return data<ActionResult>({ intent, detail: email, errors: { fields: { otp: 'Please enter the code from the email.' } } }, { status: 400 });
  const result = await call(api, routes.signInEmailOtp, withOAuthQuery({ email, otp }, target));
  if (!result.ok) return fail(result.error, result.status, { intent, detail: email });
  throw followSignIn(api, args.request, result.data, target);
}

/** What the sign-in page says when a mailed link brought the person back without signing in. */
export function linkFailure(error: string | null): { form: string; fields: Record<string, never>; code: string } | null {
  if (error === 'INVALID_TOKEN') return { form: 'That sign-in link has expired or was used already. Ask for a new one below.', fields: {}, code: error };
  if (error === 'banned') return { form: describeError({ code: 'BANNED_USER' }).form!, fields: {}, code: 'BANNED_USER' };
  return null;
}
