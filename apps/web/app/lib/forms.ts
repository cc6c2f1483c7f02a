// Reading and checking submitted forms before anything goes to the gateway. Only what the gateway
// cannot judge is checked here (a field left empty, two passwords that differ, an image link that is
// not a web address); length and format rules stay the gateway's, so there is one source of truth.
import type { FormErrors } from './errors';

export type Parsed<T> = { ok: true; values: T } | { ok: false; errors: FormErrors; values: Partial<Record<string, string>> };

/** A trimmed text field ('' when missing). */
export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A password field: never trimmed, spaces may be part of it. */
export function secret(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A checkbox: on when present with any value but 'off'/'false'. */
export function checked(form: FormData, name: string): boolean {
  const value = form.get(name);
  return typeof value === 'string' && value !== 'off' && value !== 'false';
}

/** Where to go after signing in: only a path on this site, never another origin. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/account'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  // Control characters (a newline, a tab) could split a Location header or be read as a path break.
  if ([...to].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) return fallback;
  return to;
}

function result<T>(errors: Record<string, string>, values: T, echo: Partial<Record<string, string>>): Parsed<T> {
  if (Object.keys(errors).length === 0) return { ok: true, values };
  return { ok: false, errors: { fields: errors, form: 'Please check the highlighted fields.' }, values: echo };
}

function missing(errors: Record<string, string>, name: string, value: string, message: string): void {
  if (!value && !errors[name]) errors[name] = message;
}

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
  username?: string;
}

/** Sign-up: name, email, password, optional username. */
export function parseSignUp(form: FormData): Parsed<SignUpValues> {
  const values = { name: text(form, 'name'), email: text(form, 'email'), password: secret(form, 'password'), username: text(form, 'username') };
  const errors: Record<string, string> = {};
  missing(errors, 'name', values.name, 'Please tell us what to call you.');
  missing(errors, 'email', values.email, 'Please enter your email address.');
  missing(errors, 'password', values.password, 'Please choose a password.');
  const { password: _password, ...echo } = values;
  return result(errors, { ...values, username: values.username || undefined }, echo);
}

export interface SignInValues {
  identifier: string;
  password: string;
  rememberMe: boolean;
  /** Email when the identifier has an @, else username. */
  kind: 'email' | 'username';
}

/** Sign-in: one field takes an email or a username. */
export function parseSignIn(form: FormData): Parsed<SignInValues> {
  const identifier = text(form, 'identifier');
  const password = secret(form, 'password');
  const errors: Record<string, string> = {};
  missing(errors, 'identifier', identifier, 'Please enter your email or username.');
  missing(errors, 'password', password, 'Please enter your password.');
  const kind = identifier.includes('@') ? 'email' : 'username';
  return result(errors, { identifier, password, rememberMe: checked(form, 'rememberMe'), kind }, { identifier });
}

/** A single email field (forgot password, resend verification, change email). */
export function parseEmail(form: FormData, name = 'email'): Parsed<{ email: string }> {
  const email = text(form, name);
  const errors: Record<string, string> = {};
  missing(errors, name, email, 'Please enter an email address.');
  return result(errors, { email }, { [name]: email });
}

/** A new password typed twice; `current` adds the current-password field. */
export function parseNewPassword(
  form: FormData,
  options: { current?: boolean } = {},
): Parsed<{ newPassword: string; currentPassword: string; revokeOtherSessions: boolean }> {
  const values = {
    currentPassword: secret(form, 'currentPassword'),
    newPassword: secret(form, 'newPassword'),
    revokeOtherSessions: checked(form, 'revokeOtherSessions'),
  };
  const confirm = secret(form, 'confirmPassword');
  const errors: Record<string, string> = {};
  if (options.current) missing(errors, 'currentPassword', values.currentPassword, 'Please enter your current password.');
  missing(errors, 'newPassword', values.newPassword, 'Please choose a new password.');
  missing(errors, 'confirmPassword', confirm, 'Please type the new password again.');
  if (values.newPassword && confirm && values.newPassword !== confirm) errors.confirmPassword = "The two passwords don't match.";
  return result(errors, values, {});
}

export interface ProfileValues {
  name: string;
  image: string | null;
  username: string;
}

/** Profile: name, an optional http(s) image link, an optional username. */
export function parseProfile(form: FormData): Parsed<ProfileValues> {
  const values = { name: text(form, 'name'), image: text(form, 'image'), username: text(form, 'username') };
  const errors: Record<string, string> = {};
  missing(errors, 'name', values.name, 'Please tell us what to call you.');
  if (values.image && !isWebAddress(values.image)) errors.image = 'Use a web address that starts with https://';
  return result(errors, { ...values, image: values.image || null }, values);
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Delete with password: the password and an explicit "I understand". */
export function parseDeleteWithPassword(form: FormData): Parsed<{ password: string }> {
  const password = secret(form, 'password');
  const errors: Record<string, string> = {};
  missing(errors, 'password', password, 'Please enter your password to confirm.');
  if (!checked(form, 'confirm')) errors.confirm = 'Please confirm that you understand this cannot be undone.';
  return result(errors, { password }, {});
}
