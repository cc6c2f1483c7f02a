import { routes } from '@tend/contracts';
import { GENERAL_ERRORS } from '@tend/kernel';
import { PROVIDER_ERRORS } from '@tend/providers';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { PROVIDER_STATE_COOKIE } from './state-cookie.js';
import { PROVIDERS } from './tokens.js';

const tags = ['Linked accounts'];

const tokenErrors = [
  PROVIDER_ERRORS.PROVIDER_NOT_FOUND,
  PROVIDER_ERRORS.ACCOUNT_NOT_FOUND,
  PROVIDER_ERRORS.ACCESS_TOKEN_NOT_FOUND,
  PROVIDER_ERRORS.FAILED_TO_GET_A_VALID_ACCESS_TOKEN,
  SESSION_ERRORS.UNAUTHORIZED,
];

export const linkSocial = endpoint({
  ...routes.linkSocial,
  summary: 'Link an identity provider account to the signed-in user',
  description:
    'Starts a provider flow like POST /sign-in/social (`{url, redirect}` and the binding cookie); its callback links the account instead of signing in, then redirects to callbackURL (failures: errorCallbackURL or `{base}/error` with `unable_to_link_account`, `email_doesn\'t_match` or `account_already_linked_to_different_user`).',
  tags,
  auth: 'session',
  errors: [PROVIDER_ERRORS.PROVIDER_NOT_FOUND, PROVIDER_ERRORS.CALLBACKURL_IS_REQUIRED, GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION, SESSION_ERRORS.UNAUTHORIZED],
  deps: { link: PROVIDERS.LinkSocial, cookies: PLATFORM.Cookies },
  async handler({ deps, body, auth, req, res }) {
    const started = await deps.link.execute({ ...body, user: auth.user, binding: deps.cookies.get(req, PROVIDER_STATE_COOKIE) ?? undefined });
    deps.cookies.set(req, res, PROVIDER_STATE_COOKIE, started.binding);
    return { url: started.url, redirect: started.redirect };
  },
});

export const listAccounts = endpoint({
  ...routes.listAccounts,
  summary: "The signed-in user's accounts (password and providers)",
  description: 'Ids, provider, the provider’s account id, scopes and dates; never a token or a password hash.',
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED],
  deps: { list: PROVIDERS.ListAccounts },
  handler: ({ deps, auth }) => deps.list.execute({ userId: auth.user.id }),
});

export const unlinkAccount = endpoint({
  ...routes.unlinkAccount,
  summary: 'Unlink one of the signed-in user’s accounts',
  description: 'Needs a fresh session (signed in within a day). The last account is never unlinked.',
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.SESSION_IS_NOT_FRESH, PROVIDER_ERRORS.YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT, PROVIDER_ERRORS.ACCOUNT_NOT_FOUND, SESSION_ERRORS.UNAUTHORIZED],
  deps: { unlink: PROVIDERS.UnlinkAccount },
  handler: ({ deps, body, auth }) => deps.unlink.execute({ session: auth.session, providerId: body.providerId, accountId: body.accountId }),
});

export const getAccessToken = endpoint({
  ...routes.getAccessToken,
  summary: 'A valid access token of one of the signed-in user’s provider accounts',
  description: 'Refreshed first when it expires in under 5 seconds. `userId` is honoured only server-side: over HTTP the caller’s own accounts are used.',
  tags,
  auth: 'session',
  errors: tokenErrors,
  deps: { getAccessToken: PROVIDERS.GetAccessToken },
  handler: ({ deps, body, auth }) => deps.getAccessToken.execute({ providerId: body.providerId, accountId: body.accountId, userId: auth.user.id }),
});

export const refreshToken = endpoint({
  ...routes.refreshToken,
  summary: 'Refresh the tokens of one of the signed-in user’s provider accounts now',
  description: '`userId` is honoured only server-side: over HTTP the caller’s own accounts are used.',
  tags,
  auth: 'session',
  errors: [
    PROVIDER_ERRORS.PROVIDER_NOT_FOUND,
    PROVIDER_ERRORS.ACCOUNT_NOT_FOUND,
    PROVIDER_ERRORS.PROVIDER_DOES_NOT_SUPPORT_TOKEN_REFRESHING,
    PROVIDER_ERRORS.REFRESH_TOKEN_NOT_FOUND,
    PROVIDER_ERRORS.FAILED_TO_REFRESH_ACCESS_TOKEN,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  deps: { refresh: PROVIDERS.RefreshToken },
  handler: ({ deps, body, auth }) => deps.refresh.execute({ providerId: body.providerId, accountId: body.accountId, userId: auth.user.id }),
});

export const accountInfo = endpoint({
  ...routes.accountInfo,
  summary: 'The provider’s current profile of one of the signed-in user’s accounts',
  description: 'Read with the stored access token (refreshed when due). `accountId`: the account’s id or the provider’s account id.',
  tags,
  auth: 'session',
  errors: [...tokenErrors, PROVIDER_ERRORS.FAILED_TO_GET_USER_INFO],
  deps: { accountInfo: PROVIDERS.AccountInfo },
  handler: ({ deps, body, auth }) => deps.accountInfo.execute({ accountId: body.accountId, userId: auth.user.id }),
});
