import { CALLBACK_ERRORS, PROVIDER_ERRORS, ProviderRegistry, createProviderUseCases } from '@tend/providers';
import { bindFactory, bindValue } from '../../di.js';
import { DEVELOPMENT_LINK_BASE } from '../../mail.js';
import { PLATFORM } from '../../platform.js';
import { IDENTITY } from '../identity/tokens.js';
import type { GatewayModule } from '../module.js';
import { settingsOf } from '../settings.js';
import { providersSettings } from './env.js';
import { accountInfo, getAccessToken, linkSocial, listAccounts, refreshToken, unlinkAccount } from './accounts.endpoints.js';
import { callback, callbackPost } from './callback.endpoints.js';
import { listProviders, signInSocial } from './sign-in.endpoints.js';
import { PROVIDER_STATE_COOKIE } from './state-cookie.js';
import { PROVIDERS } from './tokens.js';

/**
 * Sign-in with the 18 identity providers (redirect flow and id tokens) and the linked-account
 * routes. Provider tokens are stored encrypted under a key derived from the app secret.
 */
export const providersModule: GatewayModule = {
  name: 'providers',
  settings: providersSettings,
  bind(c, { config }) {
    const section = settingsOf(config, providersSettings);
    // Redirect URIs and mail links come from the configured base URL, never from a request's Host.
    const authBaseURL = `${config.baseURL ?? config.mail.linkBaseURL ?? DEVELOPMENT_LINK_BASE}${config.basePath}`;
    bindValue(c, PROVIDERS.Routes, { authBaseURL, defaultCallbackURL: config.baseURL ?? undefined });
    bindFactory(
      c,
      PROVIDERS.Registry,
      [PLATFORM.Clock, PLATFORM.Logger],
      (clock, logger) => new ProviderRegistry({ providers: section.settings, urlRewrite: section.urlRewrite, timeoutMs: section.timeoutMs, clock, logger }),
    );
    bindFactory(
      c,
      PROVIDERS.UseCases,
      [
        PROVIDERS.Registry,
        PLATFORM.UserRepository,
        PLATFORM.AccountRepository,
        PLATFORM.VerificationRepository,
        PLATFORM.SessionManager,
        PLATFORM.SignInCompletion,
        PLATFORM.Clock,
        PLATFORM.Logger,
        IDENTITY.UserEvents,
        PROVIDERS.Routes,
        IDENTITY.ClaimUnverifiedAccount,
      ],
      (providers, users, accounts, verifications, sessions, completion, clock, logger, events, routes, claims) =>
        createProviderUseCases({
          providers,
          users,
          accounts,
          verifications,
          sessions,
          completion,
          clock,
          logger,
          events,
          routes,
          claims,
          providerTimeoutMs: section.timeoutMs,
          secret: config.secret,
          signUpEnabled: section.signUpEnabled,
          placeholderEmailDomain: section.placeholderEmailDomain,
          linking: section.linking,
        }),
    );
    bindFactory(c, PROVIDERS.StartSocialSignIn, [PROVIDERS.UseCases], (useCases) => useCases.startSocialSignIn);
    bindFactory(c, PROVIDERS.HandleCallback, [PROVIDERS.UseCases], (useCases) => useCases.handleCallback);
    bindFactory(c, PROVIDERS.SignInWithIdToken, [PROVIDERS.UseCases], (useCases) => useCases.signInWithIdToken);
    bindFactory(c, PROVIDERS.LinkSocial, [PROVIDERS.UseCases], (useCases) => useCases.linkSocial);
    bindFactory(c, PROVIDERS.UnlinkAccount, [PROVIDERS.UseCases], (useCases) => useCases.unlinkAccount);
    bindFactory(c, PROVIDERS.ListAccounts, [PROVIDERS.UseCases], (useCases) => useCases.listAccounts);
    bindFactory(c, PROVIDERS.GetAccessToken, [PROVIDERS.UseCases], (useCases) => useCases.getAccessToken);
    bindFactory(c, PROVIDERS.RefreshToken, [PROVIDERS.UseCases], (useCases) => useCases.refreshToken);
    bindFactory(c, PROVIDERS.AccountInfo, [PROVIDERS.UseCases], (useCases) => useCases.accountInfo);
  },
  endpoints: [signInSocial, listProviders, callback, callbackPost, linkSocial, listAccounts, unlinkAccount, getAccessToken, refreshToken, accountInfo],
  errors: [PROVIDER_ERRORS, CALLBACK_ERRORS],
  cookies: [PROVIDER_STATE_COOKIE],
  auditActions: { 'account.linked': 'Linked an account' },
};
