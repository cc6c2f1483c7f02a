// Where a sign-in goes on, for every sign-in method: the target (a deep link on this site, or an
// app's authorization request that sign-in interrupted) and the one helper that follows the
// gateway's answer: a session, a challenge (the second step), or `{redirect: true, url}` (the
// consent page, or an app the person already said yes to).
//
// The authorization request: the gateway sends a browser without a session to
// `/sign-in?<authorization parameters>&exp=…&sig=…`. That search string, exactly as received, is
// the `oauth_query`: it is signed over every parameter, so it travels untouched. Inside this app it
// travels as the deep link `/oauth/consent?<oauth_query>` (the `redirectTo` of the sign-in and
// sign-up forms, the `callbackURL` of the challenge page and of the redirect sign-ins: provider,
// single sign-on, mailed link), and every JSON sign-in call carries it as `oauth_query`.
import { redirect } from '@remix-run/node';
import { oauthQueryInput } from '@tend/contracts';
import { webOrigin, type GatewayClient } from './gateway.server';
import { safeRedirect } from './redirect';

/** The page that asks for the second factor (the gateway's redirect sign-ins name it too). */
export const TWO_FACTOR_PAGE = '/sign-in/two-factor';
/** The page that asks whether an app may have access (`/oauth/consent?<oauth_query>`). */
export const CONSENT_PAGE = '/oauth/consent';

/** Where a sign-in goes on. */
export interface SignInTarget {
  /** A path on this site: the deep link, or the consent page of an authorization request. */
  redirectTo: string;
  /** The signed authorization request, when an app's sign-in brought the person here. */
  oauthQuery: string | null;
}

/** The signed authorization request in a search string (`sig` and `exp` present), or null. */
export function signedQuery(search: string): string | null {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  const params = new URLSearchParams(raw);
  if (!params.has('sig') || !params.has('exp')) return null;
  return oauthQueryInput().safeParse(raw).success ? raw : null;
}

/** The consent page of an authorization request, as a path on this site. */
export function consentPath(oauthQuery: string): string {
  return `${CONSENT_PAGE}?${oauthQuery}`;
}

/** The authorization request a deep link carries: the search of `/oauth/consent?…`, else null. */
export function oauthQueryOf(redirectTo: string): string | null {
  return redirectTo.startsWith(`${CONSENT_PAGE}?`) ? signedQuery(redirectTo.slice(CONSENT_PAGE.length)) : null;
}

/** A target from a deep link (`redirectTo`, checked by safeRedirect). */
export function targetOf(redirectTo: FormDataEntryValue | string | null | undefined): SignInTarget {
  const path = safeRedirect(redirectTo);
  return { redirectTo: path, oauthQuery: oauthQueryOf(path) };
}

/**
 * The target of a sign-in page's address: the gateway's `?<authorization parameters>&exp&sig`
 * (then the consent page), else `?redirectTo=` (a deep link, itself maybe the consent page).
 */
export function targetOfUrl(url: URL): SignInTarget {
  const oauthQuery = signedQuery(url.search);
  if (oauthQuery) return { redirectTo: consentPath(oauthQuery), oauthQuery };
  return targetOf(url.searchParams.get('redirectTo'));
}

/** A route input with the authorization request added, when there is one (the gateway then answers the consent page). */
export function withOAuthQuery<T extends object>(input: T, target: SignInTarget): T & { oauth_query?: string } {
  return target.oauthQuery ? { ...input, oauth_query: target.oauthQuery } : input;
}

/** The second step's page, coming back to the target afterwards. */
export function challengePath(target: SignInTarget): string {
  return `${TWO_FACTOR_PAGE}?callbackURL=${encodeURIComponent(target.redirectTo)}`;
}

/** The absolute URL redirect sign-ins (provider, single sign-on, mailed link) come back to. */
export function callbackURL(request: Request, target: SignInTarget): string {
  return `${webOrigin(request)}${target.redirectTo}`;
}

/** What any sign-in route may answer on success (its other fields do not matter here). */
type SignInReply = { twoFactorRedirect?: unknown; redirect?: unknown; url?: unknown } | null | undefined;

/**
 * Follows a sign-in's answer, as a redirect response to throw: the challenge page (the target kept),
 * the gateway's `{redirect: true, url}` (the consent page; an app already allowed: its redirect URI
 * with a code), or the target. A URL on this site's consent page is kept as a path, so the browser
 * stays on the origin that holds its new session cookie.
 */
export function followSignIn(api: GatewayClient, request: Request, reply: SignInReply | object, target: SignInTarget): Response {
  const answer = (reply ?? {}) as Exclude<SignInReply, null | undefined>;
  if (answer.twoFactorRedirect === true) return redirect(challengePath(target), { headers: api.headers });
  if (answer.redirect === true && typeof answer.url === 'string' && answer.url) return redirect(onThisSite(request, answer.url), { headers: api.headers });
  return redirect(target.redirectTo, { headers: api.headers });
}

/** An answered URL: the consent page (on whatever origin the gateway knows this app by) as a path here; anything else as is. */
function onThisSite(request: Request, url: string): string {
  try {
    const parsed = new URL(url, webOrigin(request));
    if (parsed.pathname === CONSENT_PAGE || parsed.origin === webOrigin(request)) return safeRedirect(`${parsed.pathname}${parsed.search}`);
    return parsed.toString();
  } catch {
    return '/account';
  }
}
