// Identity providers, through the gateway's routes: the enabled providers, starting
// a provider sign-in or link (the gateway answers the provider's URL and sets the browser-binding
// cookie, which the GatewayClient hands back to the browser), the linked accounts, unlinking.
import type * as schemas from '@tend/contracts';
import type { Output } from '@tend/contracts';
import { routes } from '@tend/contracts';
import { CREDENTIAL, providerName, sortProviders, type FlowOrigin, type ProviderView } from '../components/providers/model';
import { describeError, type ErrorLike, type FieldRole, type FormErrors } from './errors';
import { formatUtc } from './format';
import type { GatewayClient } from './gateway.server';
import { call, callShared } from './call.server';

export type LinkedAccount = Output<typeof schemas.linkedAccount>;

/**
 * The enabled providers, named as this app names them. A gateway that cannot be asked leaves the
 * pages with their password forms only: the buttons are a convenience, never a dead end.
 */
export async function enabledProviders(api: GatewayClient): Promise<ProviderView[]> {
  const result = await callShared(api, routes.listProviders);
  if (!result.ok || !Array.isArray(result.data?.providers)) return [];
  return sortProviders(result.data.providers.map(({ id, name }) => ({ id, name: providerName(id, name) })));
}

/** Where a failed provider flow lands: the error page, told which provider and where to try again. */
export function errorPageURL(origin: string, options: { provider: string; from: FlowOrigin; redirectTo?: string | null }): string {
  const query = new URLSearchParams({ provider: options.provider, from: options.from });
  if (options.redirectTo && options.redirectTo !== '/account') query.set('redirectTo', options.redirectTo);
  return `${origin}/auth/error?${query}`;
}

/** Starts a provider sign-in; on success the browser goes to the answered `url`. */
export function startProviderSignIn(
  api: GatewayClient,
  options: { origin: string; provider: string; redirectTo: string; from: FlowOrigin },
) {
  const { origin, provider, redirectTo, from } = options;
  return call(api, routes.signInSocial, {
    provider,
    // Absolute URLs on this origin: the gateway redirects there once the provider sent the browser back.
    callbackURL: `${origin}${redirectTo}`,
    errorCallbackURL: errorPageURL(origin, { provider, from, redirectTo }),
    // From the sign-up page, a new account is what the person asked for.
    ...(from === 'sign-up' ? { requestSignUp: true } : {}),
  });
}

/** Starts linking a provider to the signed-in person; back on the linked-accounts page afterwards. */
export function startProviderLink(api: GatewayClient, options: { origin: string; provider: string }) {
  const { origin, provider } = options;
  return call(api, routes.linkSocial, {
    provider,
    callbackURL: `${origin}/account/linked-accounts?linked=${encodeURIComponent(provider)}`,
    errorCallbackURL: errorPageURL(origin, { provider, from: 'link' }),
  });
}

/** A linked account as the page shows it: no scopes or tokens, dates pre-rendered in UTC. */
export function accountRow(account: LinkedAccount, email: string) {
  const credential = account.providerId === CREDENTIAL;
  return {
    id: account.id,
    providerId: account.providerId,
    name: providerName(account.providerId),
    credential,
    // A password account's id is the user's own id: the email says more to its owner.
    label: credential ? email : account.accountId,
    accountId: account.accountId,
    createdAt: account.createdAt,
    createdUtc: formatUtc(account.createdAt),
  };
}

export type AccountRow = ReturnType<typeof accountRow>;

const providerErrors: Record<string, string> = {
  YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT: "This is the only way you can sign in, so it can't be removed. Link another account first, then try again.",
  ACCOUNT_NOT_FOUND: 'That account is no longer linked.',
  PROVIDER_NOT_FOUND: "Signing in with that provider isn't turned on here right now.",
  CALLBACKURL_IS_REQUIRED: 'Something went wrong on our side. Please try again in a moment.',
  UNABLE_TO_CREATE_VERIFICATION: 'Something went wrong on our side. Please try again in a moment.',
};

/** The form errors of a provider route's refusal, in plain words (general codes as everywhere). */
export function describeProviderError(error: ErrorLike, fields: Partial<Record<FieldRole, string>> = {}): FormErrors {
  const message = providerErrors[error.code];
  return message ? { form: message, fields: {}, code: error.code } : describeError(error, fields);
}

/**
 * Whether the signed-in account has a password: someone who only ever signed in by an emailed
 * link or code, SSO or a provider has none yet. True when the gateway cannot be asked (the pages
 * then show their password forms as usual).
 */
export async function hasPassword(api: GatewayClient): Promise<boolean> {
  const accounts = await call(api, routes.listAccounts);
  return !accounts.ok || accounts.data.some((account) => account.providerId === CREDENTIAL);
}
