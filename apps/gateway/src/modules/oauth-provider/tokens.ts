import type {
  AccessTokenStore,
  Authorization,
  AuthorizationCodeStore,
  ConsentStore,
  OAuthClientRepository,
  OAuthClients,
  ProviderSettings,
  PublishedKeys,
  RefreshTokenStore,
  SigningKeyStore,
  SigningKeys,
  TokenService,
} from '@tend/oauth-provider';
import { token } from '../../di.js';
import type { SessionJwts } from './session-jwts.js';

export const OAUTH = {
  Settings: token<ProviderSettings>('OAuthProviderSettings'),
  ClientRepository: token<OAuthClientRepository>('OAuthClientRepository'),
  Consents: token<ConsentStore>('OAuthConsentStore'),
  AccessTokens: token<AccessTokenStore>('OAuthAccessTokenStore'),
  Codes: token<AuthorizationCodeStore>('OAuthAuthorizationCodeStore'),
  RefreshTokens: token<RefreshTokenStore>('OAuthRefreshTokenStore'),
  SigningKeyStore: token<SigningKeyStore>('OAuthSigningKeyStore'),
  SigningKeys: token<SigningKeys>('OAuthSigningKeys'),
  PublishedKeys: token<PublishedKeys>('OAuthPublishedKeys'),
  Clients: token<OAuthClients>('OAuthClients'),
  Authorization: token<Authorization>('OAuthAuthorization'),
  Tokens: token<TokenService>('OAuthTokenService'),
  SessionJwts: token<SessionJwts>('OAuthSessionJwts'),
} as const;
