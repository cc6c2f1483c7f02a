// Gateway error codes -> the field they concern and what we tell the person, in plain words.
// The table names fields by their role; each form says which of its inputs plays that role.

/** The role a field plays: `newPassword` is a password being set, `currentPassword` one being checked. */
export type FieldRole =
  | 'name'
  | 'email'
  | 'identifier'
  | 'username'
  | 'image'
  | 'newEmail'
  | 'newPassword'
  | 'currentPassword'
  | 'confirmPassword'
  | 'token'
  | 'otp';

/** Errors as a form shows them: one per field, and one for the whole form. */
export interface FormErrors {
  form?: string;
  fields: Partial<Record<string, string>>;
  /** The gateway code, so pages can offer a next step (resend a link, sign in again). */
  code?: string;
}

/** The part of a gateway error this module reads. */
export interface ErrorLike {
  code: string;
  message?: string;
  status?: number;
  retryAfter?: number;
  issues?: unknown;
}

interface Entry {
  field?: FieldRole;
  message: string;
}

/** Exported for the test that keeps it to codes the gateway really sends. */
export const catalogue: Record<string, Entry> = {
  INVALID_EMAIL_OR_PASSWORD: { message: "That email and password don't match. Check them and try again." },
  INVALID_USERNAME_OR_PASSWORD: { message: "That username and password don't match. Check them and try again." },
  USER_ALREADY_EXISTS: { field: 'email', message: 'An account with this email already exists. Try signing in instead.' },
  INVALID_EMAIL: { field: 'email', message: 'Enter a valid email address, like name@example.com.' },
  PASSWORD_TOO_SHORT: { field: 'newPassword', message: 'This password is too short. Please use at least 8 characters.' },
  PASSWORD_COMPROMISED: { field: 'newPassword', message: 'That password is one of the most common ones, so it is easy to guess. Please choose another.' },
  PASSWORD_TOO_LONG: { field: 'newPassword', message: 'This password is too long. Please use at most 128 characters.' },
  INVALID_PASSWORD: { field: 'currentPassword', message: "That password isn't right. Please try again." },
  EMAIL_NOT_VERIFIED: { message: 'Please verify your email address first. Check your inbox for the link, or send a new one.' },
  EMAIL_IS_THE_SAME: { field: 'newEmail', message: 'That is already your email address.' },
  COULDN_T_UPDATE_YOUR_EMAIL: { field: 'newEmail', message: "That email can't be used. It may already belong to another account." },
  EMAIL_CAN_NOT_BE_UPDATED: { message: 'Your email is changed on the Email page.' },
  CHANGE_EMAIL_IS_DISABLED: { message: "Changing your email isn't available right now." },
  NO_FIELDS_TO_UPDATE: { message: 'There was nothing to change.' },
  USERNAME_IS_INVALID: { field: 'username', message: 'Usernames can use letters, numbers, underscores and dots only.' },
  USERNAME_IS_TOO_SHORT: { field: 'username', message: 'That username is too short. Please use at least 3 characters.' },
  USERNAME_IS_TOO_LONG: { field: 'username', message: 'That username is too long. Please use at most 30 characters.' },
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: { field: 'username', message: 'That username is already taken. Please try another.' },
  SESSION_IS_NOT_FRESH: { message: 'For your safety, please sign in again before making this change.' },
  SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION: { message: 'For your safety, please sign in again before making this change.' },
  SESSION_NOT_FOUND: { message: 'That session has already ended.' },
  UNAUTHORIZED: { message: 'Your session has ended. Please sign in again.' },
  INVALID_TOKEN: { field: 'token', message: 'This link is no longer valid. It may have expired or been used already. Please ask for a new one.' },
  TOKEN_EXPIRED: { field: 'token', message: 'This link has expired. Please ask for a new one.' },
  USER_NOT_FOUND: { message: "We couldn't find that account." },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { message: "This account doesn't have a password. Use the email confirmation instead." },
  USER_ALREADY_HAS_A_PASSWORD_PROVIDE_THAT_TO_DELETE_THE_ACCOUNT: {
    message: 'Your account has a password, so please enter it above to confirm. Forgotten it? Reset it first, then come back.',
  },
  USER_CANNOT_BE_DELETED_PLEASE_PROVIDE_A_PASSWORD_OR_TOKEN: { message: 'Please enter your password to delete your account.' },
  BANNED_USER: { message: 'You have been banned from this application. Please contact support if you believe this is an error.' },
  INVALID_ORIGIN: { message: "We couldn't confirm where this request came from. Please reload the page and try again." },
  INVALID_CALLBACKURL: { message: "We couldn't confirm where this request came from. Please reload the page and try again." },
  INVALID_CALLBACK_URL: { message: "We couldn't confirm where this request came from. Please reload the page and try again." },
  INVALID_OTP: { field: 'otp', message: "That code isn't right. Check the newest email from us and try again." },
  TOO_MANY_ATTEMPTS: { field: 'otp', message: 'That code was entered wrongly too often, so it no longer works. Ask for a new code.' },
  INVALID_REDIRECTTO: { message: "We couldn't confirm where this request came from. Please reload the page and try again." },
  FORBIDDEN: { message: "You don't have permission to do that." },
  GATEWAY_UNAVAILABLE: { message: "We can't reach Tend right now. Please check your connection and try again in a moment." },
  SERVER_ERROR: { message: 'Something went wrong on our side. Please try again in a moment.' },
};

const generic = 'Something went wrong. Please try again.';

/** Codes whose message stays at the top of the form even when a field is named. */
const formLevel = new Set(['TOO_MANY_REQUESTS', 'VALIDATION_ERROR']);

/** Codes that mean: sign in again, then retry. */
const freshSignIn = new Set(['SESSION_IS_NOT_FRESH', 'SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION', 'UNAUTHORIZED']);

/** The message for `TOO_MANY_REQUESTS`, with the wait when the gateway says it. */
export function tooManyRequestsMessage(retryAfter?: number): string {
  if (!retryAfter) return "You've tried that a few times. Please take a short break and try again in a minute.";
  const wait = retryAfter < 60 ? `${retryAfter} second${retryAfter === 1 ? '' : 's'}` : `${Math.ceil(retryAfter / 60)} minutes`;
  return `You've tried that a few times. Please wait ${wait} and try again.`;
}

/**
 * The form errors for a gateway error. `fields` maps roles to this form's input names
 * (for example `{ newPassword: 'password' }` on sign-up); an error whose role the form does not
 * map is shown for the whole form, so nothing is ever lost.
 */
export function describeError(error: ErrorLike, fields: Partial<Record<FieldRole, string>> = {}): FormErrors {
  if (error.code === 'TOO_MANY_REQUESTS' || error.status === 429) {
    return { form: tooManyRequestsMessage(error.retryAfter), fields: {}, code: 'TOO_MANY_REQUESTS' };
  }
  if (error.code === 'VALIDATION_ERROR') return validationErrors(error, fields);

  const entry = catalogue[error.code];
  const message = entry?.message ?? fallbackMessage(error);
  const role = entry?.field;
  const input = role ? fields[role] : undefined;
  if (input && !formLevel.has(error.code)) return { fields: { [input]: message }, code: error.code };
  return { form: message, fields: {}, code: error.code };
}

// The gateway's own message is meant for people (`{ code, message }`), unless it is empty or looks like data.
function fallbackMessage(error: ErrorLike): string {
  const message = error.message?.trim();
  if (!message || message.startsWith('{') || message.startsWith('[') || message.length > 200) return generic;
  const sentence = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

// `issues` is a list of `{ path, message }` (path 'email' or ['email']); point each at its input when the form has it.
function validationErrors(error: ErrorLike, fields: Partial<Record<FieldRole, string>>): FormErrors {
  const result: FormErrors = { fields: {}, code: 'VALIDATION_ERROR' };
  const issues = Array.isArray(error.issues) ? error.issues : [];
  const inputs = new Set(Object.values(fields));
  for (const issue of issues) {
    if (!issue || typeof issue !== 'object') continue;
    const { path } = issue as { path?: unknown };
    const key = Array.isArray(path) ? String(path[0] ?? '') : typeof path === 'string' ? path : '';
    const input = fields[key as FieldRole] ?? (inputs.has(key) ? key : undefined);
    // The issue's own text is written for developers ("Too big: expected …"): say it plainly.
    if (input && !result.fields[input]) result.fields[input] = "This doesn't look right. Please check it.";
  }
  if (Object.keys(result.fields).length === 0) result.form = 'Some details need another look. Please check the form and try again.';
  return result;
}

/** True when the person should sign in again to continue. */
export function needsFreshSignIn(errors: FormErrors | undefined): boolean {
  return freshSignIn.has(errors?.code ?? '');
}
