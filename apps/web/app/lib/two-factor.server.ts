// Two-factor authentication in the web app: the Security page's section (turn it on with an
// authenticator app, backup codes, turn it off) and the second step of signing in
// (/sign-in/two-factor). The route files only compose: their loaders and actions are here.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { routes } from '@tend/contracts';
import QRCode from 'qrcode';
import { failureStatus } from './actions';
import { requireSession } from './auth.server';
import { call } from './call.server';
import { describeError, type FormErrors } from './errors';
import { checked, secret, text } from './forms';
import { gateway, webOrigin, type GatewayClient } from './gateway.server';
import { hasPassword } from './providers.server';
import { safeRedirect } from './redirect';
import { followSignIn, targetOf, withOAuthQuery } from './sign-in-flow.server';

/** The intents of the Security page's two-factor forms (other sections dispatch their own). */
export const TWO_FACTOR_INTENTS = ['two-factor-enable', 'two-factor-verify', 'two-factor-disable', 'two-factor-backup-codes'] as const;
export type TwoFactorIntent = (typeof TWO_FACTOR_INTENTS)[number];

export function isTwoFactorIntent(intent: unknown): intent is TwoFactorIntent {
  return TWO_FACTOR_INTENTS.includes(intent as TwoFactorIntent);
}

/** Which password-asking step the page shows (`?two-factor=enable|disable|backup-codes`): one form at a time. */
export type TwoFactorStep = 'enable' | 'disable' | 'backup-codes' | null;

export interface TwoFactorSection {
  enabled: boolean;
  step: TwoFactorStep;
  /** Whether the account has a password (turning two-factor on asks for it). */
  hasPassword: boolean;
}

/** What the two-factor actions answer to the Security page. */
export interface TwoFactorResult {
  intent: TwoFactorIntent;
  errors?: FormErrors;
  /** Enrolment under way: the picture, the key, and what the verify form carries back. */
  setup?: { qr: string; setupKey: string; totpURI: string; backupCodes: string[] };
  /** Backup codes to show once (after turning on, or new ones). */
  backupCodes?: string[];
  done?: 'enabled' | 'disabled' | 'backup-codes';
}

/** Where a signed-in person's second-factor failures point (our words, not the gateway's). */
const MESSAGES: Record<string, { field?: string; message: string }> = {
  INVALID_PASSWORD: { field: 'password', message: "That password isn't right. Please try again." },
  INVALID_CODE: { field: 'code', message: "That code isn't right. Enter the newest code from your app or email and try again." },
  INVALID_BACKUP_CODE: { field: 'backupCode', message: "That backup code isn't right, or it was used already." },
  TOTP_ALREADY_ENABLED: { message: 'Two-factor authentication is already on.' },
  TWO_FACTOR_NOT_ENABLED: { message: 'Two-factor authentication is off.' },
  INVALID_TWO_FACTOR_COOKIE: { message: 'This sign-in has expired or was used already. Please sign in again.' },
  OTP_NOT_ENABLED: { message: 'You signed in with a link or code sent to your email, so a code by email can’t be your second step. Use your authenticator app or a backup code.' },
};

export function twoFactorErrors(error: { code: string; message?: string; status?: number; retryAfter?: number; issues?: unknown }): FormErrors {
  if (error.code === 'ACCOUNT_TEMPORARILY_LOCKED') return { form: lockedMessage(error.retryAfter), fields: {}, code: error.code };
  const known = MESSAGES[error.code];
  if (!known) return describeError(error, { currentPassword: 'password', otp: 'code' });
  return known.field ? { fields: { [known.field]: known.message }, code: error.code } : { form: known.message, fields: {}, code: error.code };
}

/** The account's second step is paused after too many wrong codes (429 with Retry-After): for how long, in words. */
export function lockedMessage(retryAfter?: number): string {
  const minutes = Math.max(1, Math.ceil((retryAfter ?? 900) / 60));
  const wait = minutes >= 120 && minutes % 60 === 0 ? `${minutes / 60} hours` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `Too many wrong codes were entered for this account, so we've paused checking codes for ${wait}. Every code is refused until then, even a right one.`;
}

const STEPS: readonly TwoFactorStep[] = ['enable', 'disable', 'backup-codes'];

/** The Security page's two-factor section, for its loader. */
export async function twoFactorLoader(args: LoaderFunctionArgs, api: GatewayClient = gateway(args)): Promise<TwoFactorSection> {
  const { user } = await requireSession(api, args.request);
  const wanted = new URL(args.request.url).searchParams.get('two-factor') as TwoFactorStep;
  return { enabled: user.twoFactorEnabled === true, step: STEPS.includes(wanted) ? wanted : null, hasPassword: await hasPassword(api) };
}

/** Answers one two-factor intent of the Security page. */
export async function twoFactorAction(args: ActionFunctionArgs, form: FormData, intent: TwoFactorIntent) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const reply = (result: TwoFactorResult, status = 200) => data(result, { status, headers: api.headers });
  const fail = (error: Parameters<typeof twoFactorErrors>[0], status: number, extra: Partial<TwoFactorResult> = {}) =>
    reply({ intent, ...extra, errors: twoFactorErrors(error) }, failureStatus(status));
  const password = secret(form, 'password');
  const needsPassword = intent !== 'two-factor-verify';
  if (needsPassword && !password) return reply({ intent, errors: { fields: { password: 'Please enter your password.' }, code: 'VALIDATION_ERROR' } }, 400);

  if (intent === 'two-factor-enable') {
    const result = await call(api, routes.twoFactorEnable, { password });
    if (!result.ok) return fail(result.error, result.status);
    return reply({ intent, setup: await setupOf(result.data.totpURI, result.data.backupCodes) });
  }
  if (intent === 'two-factor-verify') {
    // The enrolment's picture and codes come back with the code, so a wrong code shows them again.
    const totpURI = text(form, 'totpURI');
    const backupCodes = text(form, 'backupCodes').split(/\s+/).filter((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code)).slice(0, 10);
    const setup = totpURI.startsWith('otpauth://totp/') ? await setupOf(totpURI, backupCodes) : undefined;
    const code = text(form, 'code').replace(/\s+/g, '');
    if (!code) return reply({ intent, setup, errors: { fields: { code: 'Please enter the 6-digit code from your app.' }, code: 'VALIDATION_ERROR' } }, 400);
    const result = await call(api, routes.twoFactorVerifyTotp, { code });
    if (!result.ok) return fail(result.error, result.status, { setup });
    return reply({ intent, done: 'enabled', backupCodes });
  }
  if (intent === 'two-factor-disable') {
    const result = await call(api, routes.twoFactorDisable, { password });
    if (!result.ok) return fail(result.error, result.status);
    return reply({ intent, done: 'disabled' });
  }
  const result = await call(api, routes.twoFactorGenerateBackupCodes, { password });
  if (!result.ok) return fail(result.error, result.status);
  return reply({ intent, done: 'backup-codes', backupCodes: result.data.backupCodes });
}

async function setupOf(totpURI: string, backupCodes: string[]) {
  const secretKey = new URL(totpURI).searchParams.get('secret') ?? '';
  const qr = await QRCode.toDataURL(totpURI, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
  return { qr, setupKey: secretKey.replace(/(.{4})/g, '$1 ').trim(), totpURI, backupCodes };
}

// ------------------------------------------------------------------ the second step of signing in

/** The intents of the /sign-in/two-factor page. */
export type ChallengeIntent = 'verify-totp' | 'verify-otp' | 'verify-backup-code' | 'send-otp';
/** The ways to answer a second step. */
export type ChallengeMethod = 'totp' | 'otp' | 'backup-code';
const METHODS: readonly ChallengeMethod[] = ['totp', 'otp', 'backup-code'];

export interface ChallengeResult {
  errors?: FormErrors;
  /** An emailed code is on its way: the Code field now takes it. */
  sent?: boolean;
  method?: ChallengeMethod;
  /** Codes are refused until then (the account's lockout), as an ISO date. */
  lockedUntil?: string;
}

/**
 * Where to go once the second step is done: a path on this site. Redirect sign-ins (a mailed
 * link, a provider) name an absolute URL of this web app; only its path is kept.
 */
export function callbackOf(request: Request, value: string | null): string {
  if (value && /^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (url.origin === webOrigin(request)) return safeRedirect(`${url.pathname}${url.search}`);
    } catch {
      return '/account';
    }
    return '/account';
  }
  return safeRedirect(value);
}

/**
 * The second step's page: the ways the pending sign-in offers (the gateway remembers them: after
 * a mailed link or code there is no "Email me a code"), the one shown (`?method=`), or `expired`
 * when the browser holds no pending sign-in.
 */
export async function challengeLoader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const callbackURL = callbackOf(args.request, url.searchParams.get('callbackURL'));
  const api = gateway(args);
  const offered = await call(api, routes.twoFactorMethods);
  const expired = !offered.ok && offered.error.code === 'INVALID_TWO_FACTOR_COOKIE';
  // The gateway out of reach: the ways that never depend on the first step.
  const methods = offered.ok ? METHODS.filter((method) => offered.data.twoFactorMethods.includes(method)) : (['totp', 'backup-code'] as ChallengeMethod[]);
  const wanted = url.searchParams.get('method') as ChallengeMethod | null;
  const method: ChallengeMethod = wanted && wanted !== 'otp' && methods.includes(wanted) ? wanted : methods.includes('totp') ? 'totp' : (methods[0] ?? 'totp');
  return { callbackURL, method, methods, expired, headers: api.headers };
}

export async function challengeAction(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const intent = text(form, 'intent') as ChallengeIntent;
  const callbackURL = callbackOf(args.request, text(form, 'callbackURL'));
  const api = gateway(args);
  const reply = (result: ChallengeResult, status = 200) => data(result, { status, headers: api.headers });
  if (intent === 'send-otp') {
    const result = await call(api, routes.twoFactorSendOtp, {});
    if (!result.ok) return reply({ errors: twoFactorErrors(result.error) }, failureStatus(result.status));
    return reply({ sent: true, method: 'otp' });
  }
  const backup = intent === 'verify-backup-code';
  const method = backup ? 'backup-code' : intent === 'verify-otp' ? 'otp' : 'totp';
  const code = backup ? text(form, 'backupCode') : text(form, 'code').replace(/\s+/g, '');
  if (!code) {
    const field = backup ? 'backupCode' : 'code';
    return reply({ method, sent: method === 'otp', errors: { fields: { [field]: backup ? 'Please enter one of your backup codes.' : 'Please enter the 6-digit code.' }, code: 'VALIDATION_ERROR' } }, 400);
  }
  // An app's sign-in (the callback is its consent page) carries its authorization request on.
  const target = targetOf(callbackURL);
  const input = withOAuthQuery({ code, trustDevice: checked(form, 'trustDevice') }, target);
  const contract = backup ? routes.twoFactorVerifyBackupCode : method === 'otp' ? routes.twoFactorVerifyOtp : routes.twoFactorVerifyTotp;
  const result = await call(api, contract, input);
  if (!result.ok) {
    const lockedUntil = result.error.code === 'ACCOUNT_TEMPORARILY_LOCKED' ? new Date(Date.now() + (result.error.retryAfter ?? 900) * 1000).toISOString() : undefined;
    return reply({ method, sent: method === 'otp', errors: twoFactorErrors(result.error), lockedUntil }, failureStatus(result.status));
  }
  throw followSignIn(api, args.request, result.data, target);
}
