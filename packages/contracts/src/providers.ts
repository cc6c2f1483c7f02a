// Sign-in with identity providers and linked accounts (spec sections 4 and 7): POST /sign-in/social,
// GET and POST /callback/{id}, POST /link-social, GET /list-accounts, POST /unlink-account,
// POST /get-access-token, POST /refresh-token, POST /account-info, GET /sign-in/providers.
import { z } from 'zod';
import { signInChallenge, status, user } from './auth.js';
import { LIMITS, idInput, line, queryBoolean, redirectURL, text, timestamp, tokenInput } from './primitives.js';
import { route } from './route.js';

/** A provider id as sent (`github`); unknown or disabled ones answer 404 PROVIDER_NOT_FOUND. */
const providerId = () => text({ min: 1, max: 64 });
/** Scopes asked for on top of the provider's defaults. */
const scopes = () => z.array(line(200)).max(50);

// ------------------------------------------------------------------ sign-in

export const idTokenInput = z.object({
  /** The provider's id token (native apps, Google One Tap). */
  token: tokenInput(8192).min(1),
  nonce: tokenInput(512).optional(),
  accessToken: tokenInput(8192).optional(),
  refreshToken: tokenInput(8192).optional(),
  /** When the access token expires, in epoch milliseconds. */
  expiresAt: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
});

export const signInSocialBody = z.object({
  provider: providerId(),
  callbackURL: redirectURL().optional(),
  newUserCallbackURL: redirectURL().optional(),
  errorCallbackURL: redirectURL().optional(),
  disableRedirect: z.boolean().optional(),
  idToken: idTokenInput.optional(),
  scopes: scopes().optional(),
  requestSignUp: z.boolean().optional(),
  loginHint: line(LIMITS.email).optional(),
});

/** Where to send the browser: the provider's authorization URL (`redirect: false` with disableRedirect). */
export const providerRedirect = z.object({ url: z.string(), redirect: z.boolean() }).meta({ id: 'ProviderRedirect' });

/** An id-token sign-in: the session is set as a cookie and its token answered. */
export const idTokenSignIn = z.object({ redirect: z.boolean(), token: z.string(), user });

export const signInSocialResponse = z.union([providerRedirect, idTokenSignIn, signInChallenge]);

/** The enabled providers, for the sign-in buttons. */
export const providersResponse = z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) });

// ------------------------------------------------------------------ callback

export const callbackParams = z.object({ id: text({ min: 1, max: 64 }) });

/** What providers send back (and the spec's optional fields); other parameters are ignored. */
const callbackFields = {
  state: tokenInput(256).optional(),
  code: tokenInput(LIMITS.token).optional(),
  /** The provider's own error (`access_denied`) and its description. */
  error: line(256).optional(),
  error_description: text({ max: LIMITS.longText, multiline: true }).optional(),
  /** VK ID's device id. */
  device_id: tokenInput(256).optional(),
  /** Apple's `user` (JSON with the name, on first consent only). */
  user: text({ max: LIMITS.longText, multiline: true }).optional(),
  /** Accepted for compatibility; the URLs given when the sign-in started are the ones used. */
  callbackURL: redirectURL().optional(),
  errorCallbackURL: redirectURL().optional(),
  newUserCallbackURL: redirectURL().optional(),
};

export const callbackQuery = z.object({ ...callbackFields, requestSignUp: queryBoolean() });

/** A form post (Apple) or JSON body; answered with a redirect to the GET callback carrying the same fields. */
export const callbackBody = z.object({ ...callbackFields, requestSignUp: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional() });

// ------------------------------------------------------------------ linked accounts

export const linkSocialBody = z.object({
  provider: providerId(),
  scopes: scopes().optional(),
  callbackURL: redirectURL().optional(),
  errorCallbackURL: redirectURL().optional(),
});

/** A linked account as its owner sees it: never a token. */
export const linkedAccount = z
  .object({
    id: z.string(),
    providerId: z.string(),
    accountId: z.string(),
    scopes: z.array(z.string()),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ id: 'LinkedAccount' });
export const listAccountsResponse = z.array(linkedAccount);

export const unlinkAccountBody = z.object({ providerId: providerId(), accountId: idInput().optional() });

export const providerTokenBody = z.object({
  providerId: providerId(),
  /** The account's id or the provider's account id, when the user has several of one provider. */
  accountId: idInput().optional(),
  /** Honoured only by server-side callers; over HTTP the caller's own accounts are used. */
  userId: idInput().optional(),
});

export const accessTokenResponse = z.object({
  accessToken: z.string(),
  accessTokenExpiresAt: timestamp().nullable(),
  scopes: z.array(z.string()),
  idToken: z.string().nullable(),
});

export const refreshTokenResponse = accessTokenResponse.extend({
  refreshToken: z.string().nullable(),
  refreshTokenExpiresAt: timestamp().nullable(),
  tokenType: z.string().nullable(),
});

export const accountInfoBody = z.object({ accountId: idInput() });
export const accountInfoResponse = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), emailVerified: z.boolean(), image: z.string().nullable() }),
  /** The provider's own profile, as received. */
  data: z.record(z.string(), z.unknown()),
});

// ------------------------------------------------------------------ routes

/** The identity-provider routes: sign-in, the callback, linked accounts and their tokens. */
export const providerRoutes = {
  signInSocial: route({ method: 'post', path: '/sign-in/social', body: signInSocialBody, response: signInSocialResponse }),
  listProviders: route({ method: 'get', path: '/sign-in/providers', response: providersResponse }),
  callback: route({ method: 'get', path: '/callback/:id', params: callbackParams, query: callbackQuery, response: 'redirect' }),
  /** Apple's form post: answered with a redirect to the GET callback. */
  callbackPost: route({ method: 'post', path: '/callback/:id', params: callbackParams, query: callbackQuery, body: callbackBody, response: 'redirect' }),
  linkSocial: route({ method: 'post', path: '/link-social', body: linkSocialBody, response: providerRedirect }),
  listAccounts: route({ method: 'get', path: '/list-accounts', response: listAccountsResponse }),
  unlinkAccount: route({ method: 'post', path: '/unlink-account', body: unlinkAccountBody, response: status }),
  getAccessToken: route({ method: 'post', path: '/get-access-token', body: providerTokenBody, response: accessTokenResponse }),
  refreshToken: route({ method: 'post', path: '/refresh-token', body: providerTokenBody, response: refreshTokenResponse }),
  accountInfo: route({ method: 'post', path: '/account-info', body: accountInfoBody, response: accountInfoResponse }),
};
