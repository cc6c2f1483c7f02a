// The web app's forms, each built from the contract schemas of the route it calls (so a field
// accepts what the gateway accepts), plus what only a form has: a second password, an "I
// understand" box, a choice of expiry. Checked by lib/forms.ts, in the action and in the browser.
import {
  adminCreateOAuthClientBody,
  changeEmailBody,
  changePasswordBody,
  createApiKeyBody,
  createOAuthClientBody,
  deleteUserBody,
  signInEmailBody,
  signInUsernameBody,
  signUpEmailBody,
  updateUserBody,
} from '@tend/contracts';
import { z } from 'zod';
import { defineForm, PLAIN } from './forms';

/** A text field as typed: surrounding spaces dropped, then the contract's rule (empty is missing). */
const trimmed = <T extends z.ZodType<unknown, string>>(schema: T) => z.string().trim().min(1).pipe(schema);
/** An optional text field: surrounding spaces dropped, then the contract's rule. */
const optionalTrimmed = <T extends z.ZodType<unknown, string>>(schema: T) => z.string().trim().pipe(schema).optional();

const mismatch = { path: ['confirmPassword'], message: "The two passwords don't match.", params: PLAIN };

/** Sign-up: name, email, password, optional username. */
export const signUpForm = defineForm(
  z.object({
    name: signUpEmailBody.shape.name,
    email: trimmed(signUpEmailBody.shape.email),
    password: signUpEmailBody.shape.password,
    username: optionalTrimmed(signUpEmailBody.shape.username.unwrap()),
  }),
  {
    name: { required: 'Please tell us what to call you.' },
    email: { required: 'Please enter your email address.' },
    password: { required: 'Please choose a password.' },
  },
  ['name', 'email', 'username'],
);

/** Sign-in: one field takes an email or a username (an @ says which). */
export const signInForm = defineForm(
  z.object({
    identifier: trimmed(z.union([signInEmailBody.shape.email, signInUsernameBody.shape.username])),
    password: signInEmailBody.shape.password,
    rememberMe: signInEmailBody.shape.rememberMe,
  }),
  {
    identifier: { required: 'Please enter your email or username.' },
    password: { required: 'Please enter your password.' },
  },
  ['identifier'],
);

/** A single email field (forgot password, resend verification). */
export const emailForm = defineForm(z.object({ email: trimmed(signUpEmailBody.shape.email) }), { email: { required: 'Please enter an email address.' } }, ['email']);

/** Change email: the new address. */
export const newEmailForm = defineForm(z.object({ newEmail: trimmed(changeEmailBody.shape.newEmail) }), { newEmail: { required: 'Please enter an email address.' } }, ['newEmail']);

const newPasswordWords = {
  currentPassword: { required: 'Please enter your current password.' },
  newPassword: { required: 'Please choose a new password.' },
  confirmPassword: { required: 'Please type the new password again.' },
};
// Compared once both were typed, whatever else is missing.
const bothTyped = (payload: { value: unknown }) => {
  const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown };
  return typeof value.newPassword === 'string' && typeof value.confirmPassword === 'string';
};

/** Change password: the current one, the new one typed twice, and "sign out my other devices". */
export const changePasswordForm = defineForm(
  z
    .object({
      currentPassword: changePasswordBody.shape.currentPassword,
      newPassword: changePasswordBody.shape.newPassword,
      confirmPassword: changePasswordBody.shape.newPassword,
      revokeOtherSessions: changePasswordBody.shape.revokeOtherSessions,
    })
    .refine((v) => v.newPassword === v.confirmPassword, { ...mismatch, when: bothTyped }),
  newPasswordWords,
);

/** Reset password: the new one typed twice (the token comes with the link). */
export const resetPasswordForm = defineForm(
  z
    .object({ newPassword: changePasswordBody.shape.newPassword, confirmPassword: changePasswordBody.shape.newPassword })
    .refine((v) => v.newPassword === v.confirmPassword, { ...mismatch, when: bothTyped }),
  newPasswordWords,
);

/** Profile: name, an optional http(s) picture link, an optional username. */
export const profileForm = defineForm(
  z.object({
    name: signUpEmailBody.shape.name,
    image: optionalTrimmed(updateUserBody.shape.image.unwrap().unwrap()),
    username: optionalTrimmed(updateUserBody.shape.username.unwrap()),
  }),
  {
    name: { required: 'Please tell us what to call you.' },
    image: { invalid: 'Use a web address that starts with https://' },
  },
  ['name', 'image', 'username'],
);

/** Delete with password: the password, and an explicit "I understand". */
export const deleteWithPasswordForm = defineForm(
  z.object({ password: deleteUserBody.shape.password.unwrap(), confirm: z.boolean().refine(Boolean) }),
  {
    password: { required: 'Please enter your password to confirm.' },
    confirm: { required: 'Please confirm that you understand this cannot be undone.', invalid: 'Please confirm that you understand this cannot be undone.' },
  },
);

/** The longest API key name the gateway accepts (better-auth's default). */
export const NAME_MAX = 32;

const DAY_SECONDS = 86_400;

/** The choices of the Expires field: value -> label and seconds (null: never). */
export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never', seconds: null },
  { value: '7d', label: '7 days', seconds: 7 * DAY_SECONDS },
  { value: '30d', label: '30 days', seconds: 30 * DAY_SECONDS },
  { value: '90d', label: '90 days', seconds: 90 * DAY_SECONDS },
  { value: '1y', label: '1 year', seconds: 365 * DAY_SECONDS },
] as const;

export const DEFAULT_EXPIRY = '90d';

const expiries = EXPIRY_CHOICES.map((choice) => choice.value) as [(typeof EXPIRY_CHOICES)[number]['value'], ...(typeof EXPIRY_CHOICES)[number]['value'][]];

/** A new API key: a name (so the key can be recognised later) and one of the expiry choices. */
export const newKeyForm = defineForm(
  z.object({ name: trimmed(createApiKeyBody.shape.name.unwrap().unwrap()), expires: z.enum(expiries) }),
  {
    name: { required: 'Please give the key a name, so you can tell it apart later.', tooLong: `Please use a name of at most ${NAME_MAX} characters.` },
    expires: { required: 'Please choose when the key should expire.', invalid: 'Please choose when the key should expire.' },
  },
  ['name', 'expires'],
);

/** Text typed one item per line (redirect URIs): blank lines and surrounding spaces dropped. */
export function linesOf(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Items typed apart by spaces or commas (scopes). */
export function wordsOf(value: string): string[] {
  return value.split(/[\s,]+/).filter(Boolean);
}

const redirectUriList = createOAuthClientBody.shape.redirect_uris;
/** A list of URIs, one per line, each as the contract accepts one (the gateway judges https and loopback). */
const uriLines = (required: boolean) =>
  z
    .string()
    .trim()
    .refine((value) => !required || linesOf(value).length > 0)
    .refine((value) => redirectUriList.safeParse(linesOf(value)).success && linesOf(value).every((line) => URL.canParse(line)), {
      message: 'Please put one full address per line, like https://app.example.com/callback (at most 20).',
      params: PLAIN,
    });

const uriWords = {
  required: 'Please enter at least one redirect URI: where Tend sends people back to your app.',
  invalid: 'Please put one full address per line, like https://app.example.com/callback (at most 20).',
};

/** A new OAuth client of a developer: its name, redirect URIs (one per line), public (no secret) or not. */
export const newOAuthClientForm = defineForm(
  z.object({
    name: trimmed(createOAuthClientBody.shape.client_name.unwrap()),
    redirectUris: uriLines(true),
    publicClient: z.boolean().optional(),
  }),
  {
    name: { required: 'Please give the app a name: people see it when it asks for access.' },
    redirectUris: uriWords,
  },
  ['name', 'redirectUris'],
);

/** A new OAuth client made by a site admin: also client-credentials scopes, sign-out (end-session) and its redirect URIs. */
export const adminOAuthClientForm = defineForm(
  z.object({
    name: trimmed(adminCreateOAuthClientBody.shape.client_name.unwrap()),
    redirectUris: uriLines(true),
    publicClient: z.boolean().optional(),
    clientCredentialsScopes: z.string().trim().max(1000).optional(),
    enableEndSession: z.boolean().optional(),
    postLogoutRedirectUris: uriLines(false).optional(),
  }),
  {
    name: { required: 'Please give the app a name: people see it when it asks for access.' },
    redirectUris: uriWords,
    postLogoutRedirectUris: { invalid: 'Please put one full address per line, like https://app.example.com/signed-out (at most 20).' },
  },
  ['name', 'redirectUris', 'clientCredentialsScopes', 'postLogoutRedirectUris'],
);
