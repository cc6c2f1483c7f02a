import type {
  AccountInfo,
  GetAccessToken,
  HandleCallback,
  LinkSocial,
  ListAccounts,
  ProviderRegistry,
  ProviderRoutesConfig,
  ProviderUseCases,
  RefreshToken,
  SignInWithIdToken,
  StartSocialSignIn,
  UnlinkAccount,
} from '@tend/providers';
import { token } from '../../di.js';

export const PROVIDERS = {
  Registry: token<ProviderRegistry>('ProviderRegistry'),
  /** Where the provider flows live: `<base URL><base path>`, the error page, the default callbackURL. */
  Routes: token<ProviderRoutesConfig>('ProviderRoutes'),
  UseCases: token<ProviderUseCases>('ProviderUseCases'),
  StartSocialSignIn: token<StartSocialSignIn>('StartSocialSignIn'),
  HandleCallback: token<HandleCallback>('HandleCallback'),
  SignInWithIdToken: token<SignInWithIdToken>('SignInWithIdToken'),
  LinkSocial: token<LinkSocial>('LinkSocial'),
  UnlinkAccount: token<UnlinkAccount>('UnlinkAccount'),
  ListAccounts: token<ListAccounts>('ListAccounts'),
  GetAccessToken: token<GetAccessToken>('GetAccessToken'),
  RefreshToken: token<RefreshToken>('RefreshToken'),
  AccountInfo: token<AccountInfo>('AccountInfo'),
} as const;
