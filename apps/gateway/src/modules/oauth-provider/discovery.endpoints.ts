import { routes } from '@tend/contracts';
import type { ProviderSettings } from '@tend/oauth-provider';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { OAUTH } from './tokens.js';
import { oauthProviderSettings } from './settings.js';
import { settingsOf } from '../settings.js';
import type { GatewayConfig } from '../../config.js';

const tags = ['Identity provider'];

/** RFC 8414 authorization server metadata (and OpenID Connect Discovery 1.0 with `oidc`). */
export function serverMetadataOf(settings: ProviderSettings, config: GatewayConfig, algorithm: string, oidc: boolean): Record<string, unknown> {
  const { issuer } = settings;
  const authMethods = ['client_secret_basic', 'client_secret_post'];
  const metadata: Record<string, unknown> = {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    jwks_uri: `${issuer}/jwks`,
    ...(settingsOf(config, oauthProviderSettings).dynamicRegistration ? { registration_endpoint: `${issuer}/oauth2/register` } : {}),
    introspection_endpoint: `${issuer}/oauth2/introspect`,
    revocation_endpoint: `${issuer}/oauth2/revoke`,
    scopes_supported: [...settings.scopes],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: [...authMethods, 'none'],
    introspection_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
  };
  if (!oidc) return metadata;
  return {
    ...metadata,
    userinfo_endpoint: `${issuer}/oauth2/userinfo`,
    end_session_endpoint: `${issuer}/oauth2/end-session`,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [algorithm],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'sid', 'azp', 'email', 'email_verified', 'name', 'given_name', 'family_name', 'picture', 'updated_at'],
    prompt_values_supported: ['none', 'login', 'consent'],
    request_parameter_supported: false,
    claims_parameter_supported: false,
  };
}

const algorithmOf = (config: GatewayConfig) => settingsOf(config, oauthProviderSettings).signingAlgorithm;

/** One of the three addresses of the same metadata document (RFC 8414, OpenID Connect Discovery). */
function metadataEndpoint(contract: typeof routes.openidConfiguration | typeof routes.oauthServerMetadata | typeof routes.oauthServerMetadataAtRoot, summary: string, description?: string) {
  return endpoint({
    ...contract,
    summary,
    ...(description ? { description } : {}),
    tags,
    auth: 'public',
    deps: { settings: OAUTH.Settings, config: PLATFORM.Config },
    handler: ({ deps, res }) => {
      res.set('Cache-Control', 'public, max-age=3600');
      return serverMetadataOf(deps.settings, deps.config, algorithmOf(deps.config), true);
    },
  });
}

export const openidConfiguration = metadataEndpoint(
  routes.openidConfiguration,
  'OpenID Connect discovery',
  'The issuer is `AUTH_BASE_URL/api/auth`; PKCE S256 only; `authorization_response_iss_parameter_supported` (RFC 9207).',
);
export const serverMetadata = metadataEndpoint(routes.oauthServerMetadata, 'OAuth 2.0 authorization server metadata (RFC 8414), under the issuer');
export const serverMetadataAtRoot = metadataEndpoint(
  routes.oauthServerMetadataAtRoot,
  'OAuth 2.0 authorization server metadata (RFC 8414 §3.1: the well-known path inserted before the issuer’s path)',
);

export const protectedResource = endpoint({
  ...routes.protectedResourceMetadata,
  summary: 'OAuth 2.0 protected resource metadata (RFC 9728)',
  description: '`resource` is `AUTH_BASE_URL`; `authorization_servers` names the issuer (how MCP clients find where to get a token).',
  tags,
  auth: 'public',
  deps: { settings: OAUTH.Settings },
  handler: ({ deps, res }) => {
    res.set('Cache-Control', 'public, max-age=3600');
    return {
      resource: deps.settings.baseURL,
      authorization_servers: [deps.settings.issuer],
      jwks_uri: `${deps.settings.issuer}/jwks`,
      scopes_supported: [...deps.settings.scopes],
      bearer_methods_supported: ['header'],
    };
  },
});

export const jwks = endpoint({
  ...routes.jwks,
  summary: 'The JSON Web Key Set of every token Tend signs',
  description: 'The current signing key and retired ones until the tokens they signed have expired; served from memory.',
  tags,
  auth: 'public',
  deps: { keys: OAUTH.PublishedKeys },
  handler: async ({ deps, res }) => {
    res.set('Cache-Control', 'public, max-age=300');
    // Every published key has kty, kid and alg (the contract's shape); JWK types them optional.
    return (await deps.keys.jwks()) as { keys: Array<{ kid: string; kty: string; alg: string }> };
  },
});

export const sessionJwt = endpoint({
  ...routes.getJwtToken,
  summary: 'A JWT of the signed-in user (better-auth’s jwt plugin)',
  description: 'EdDSA by default, verifiable with `/jwks`; `sub` is the user id, `iss` and `aud` are `AUTH_BASE_URL`, it lives 900 s. `get-session` answers one too, in the `set-auth-jwt` header.',
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED],
  deps: { tokens: OAUTH.Tokens },
  handler: async ({ deps, auth }) => ({ token: await deps.tokens.sessionJwt(auth.user) }),
});
