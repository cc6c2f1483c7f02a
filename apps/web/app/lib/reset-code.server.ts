// The forgot-password page's other way: a 6-digit reset code by mail, typed back in with the new
// password ("Email me a code instead"), instead of a link.
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { routes } from '@tend/contracts';
import { failureStatus, type ActionResult } from './actions';
import { call } from './call.server';
import { describeError } from './errors';
import { resetPasswordForm } from './form-schemas';
import { parseForm, text } from './forms';
import { gateway } from './gateway.server';

/** The intents of the forgot-password form that this module answers. */
export type ResetCodeIntent = 'reset-code' | 'reset-with-code';

export function isResetCodeIntent(intent: unknown): intent is ResetCodeIntent {
  return intent === 'reset-code' || intent === 'reset-with-code';
}

/** Mails a reset code (`reset-code`), or sets the new password with it and signs the person in (`reset-with-code`). */
export async function resetCodeAction(args: ActionFunctionArgs, form: FormData, intent: ResetCodeIntent, email: string) {
  const api = gateway(args);
  if (intent === 'reset-code') {
    const result = await call(api, routes.forgetPasswordEmailOtp, { email });
    if (!result.ok) return data<ActionResult>({ errors: describeError(result.error, { email: 'email' }), values: { email } }, { status: failureStatus(result.status), headers: api.headers });
    return data<ActionResult>({ done: 'code-sent', intent, detail: email }, { headers: api.headers });
  }
  const step = { intent, detail: email };
  const otp = text(form, 'otp').replace(/\s+/g, '');
  const parsed = parseForm(resetPasswordForm, form);
  if (!otp || !parsed.ok) {
    const fields = { ...(parsed.ok ? {} : parsed.errors.fields), ...(otp ? {} : { otp: 'Please enter the code from the email.' }) };
    return data<ActionResult>({ ...step, errors: { form: 'Please check the highlighted fields.', fields } }, { status: 400 });
  }
  const password = parsed.values.newPassword;
  const result = await call(api, routes.resetPasswordEmailOtp, { email, otp, password });
  if (!result.ok) {
    return data<ActionResult>({ ...step, errors: describeError(result.error, { newPassword: 'newPassword', otp: 'otp' }) }, { status: failureStatus(result.status), headers: api.headers });
  }
  const signedIn = await call(api, routes.signInEmail, { email, password, rememberMe: true });
  if (signedIn.ok && !('twoFactorRedirect' in signedIn.data)) throw redirect('/account?notice=password-reset', { headers: api.headers });
  throw redirect('/sign-in?notice=password-reset', { headers: api.headers });
}
