import { raise, type Clock } from '@tend/kernel';
import { OAUTH_PROVIDER_ERRORS } from '../error-codes.js';
import { validateClientMetadata, type ClientMetadataInput, type ClientRegistrar, type TokenEndpointAuthMethod } from '../clients/client-metadata.js';
import { hashClientSecret, generateClientSecret, newClientCredentials, verifyClientSecret } from '../clients/client-secret.js';
import type { OAuthClientRecord, OAuthClientRepository } from '../clients/oauth-client.js';
import type { ConsentStore } from '../consents/consent.js';
import type { AccessTokenStore } from '../tokens/access-token.js';

/** A client as its owner and site admins see it (RFC 7591 names): never its secret, plain or hashed. */
export interface ClientView {
  client_id: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  grant_types: string[];
  response_types: string[];
  scope: string | null;
  client_credentials_scopes: string[];
  enable_end_session: boolean;
  type: string;
  public: boolean;
  disabled: boolean;
  user_id: string | null;
  client_id_issued_at: number;
  client_secret_expires_at: 0;
}

/** What the consent page shows of a client. */
export interface PublicClientView {
  client_id: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
}

export function presentClient(client: OAuthClientRecord): ClientView {
  return {
    client_id: client.clientId,
    client_name: client.name,
    client_uri: client.uri,
    logo_uri: client.logoUri,
    redirect_uris: [...client.redirectUris],
    post_logout_redirect_uris: [...client.postLogoutRedirectUris],
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    grant_types: [...client.grantTypes],
    response_types: [...client.responseTypes],
    scope: client.scopes ? client.scopes.join(' ') : null,
    client_credentials_scopes: [...client.clientCredentialsScopes],
    enable_end_session: client.enableEndSession,
    type: client.type,
    public: client.tokenEndpointAuthMethod === 'none',
    disabled: client.disabled,
    user_id: client.userId,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_secret_expires_at: 0,
  };
}

export function presentPublicClient(client: OAuthClientRecord): PublicClientView {
  return { client_id: client.clientId, client_name: client.name, client_uri: client.uri, logo_uri: client.logoUri };
}

/** The fields an owner may change (`POST /oauth2/update-client`). */
export interface ClientUpdate {
  redirect_uris?: string[];
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  scope?: string;
  grant_types?: string[];
  token_endpoint_auth_method?: TokenEndpointAuthMethod;
  disabled?: boolean;
}

export interface OAuthClientsOptions {
  clients: OAuthClientRepository;
  consents: ConsentStore;
  accessTokens: AccessTokenStore;
  clock: Clock;
  /** The scopes the provider serves (AUTH_OAUTH_SCOPES). */
  scopesSupported: readonly string[];
}

/** How a client presented itself at the token, introspection or revocation endpoint. */
export interface ClientCredentialsInput {
  clientId: string | null;
  clientSecret: string | null;
  /** `basic` (the Authorization header), `post` (the body), or `none` (only client_id). */
  via: 'basic' | 'post' | 'none';
}

/**
 * Registered clients: made by their owner, by anyone (RFC 7591, when dynamic registration is on)
 * or by site admins; managed by their owner; authenticated at the token endpoint. Another user's
 * client is answered as missing (404), never shown.
 */
export class OAuthClients {
  constructor(private readonly options: OAuthClientsOptions) {}

  /** A new client; the answer holds its secret this once (confidential clients). */
  async create(registrar: ClientRegistrar, input: ClientMetadataInput, ownerId: string | null): Promise<ClientView & { client_secret?: string }> {
    const metadata = validateClientMetadata(input, { registrar, scopesSupported: this.options.scopesSupported });
    const { clientId, clientSecret, clientSecretHash } = newClientCredentials(metadata.tokenEndpointAuthMethod);
    const now = this.options.clock.now();
    const record: OAuthClientRecord = { ...metadata, clientId, secretHash: clientSecretHash, userId: ownerId, registrar, disabled: false, createdAt: now, updatedAt: now };
    await this.options.clients.insert(record);
    const view = presentClient(record);
    return clientSecret ? { ...view, client_secret: clientSecret } : view;
  }

  async listOwned(userId: string): Promise<ClientView[]> {
    return (await this.options.clients.listByUser(userId)).map(presentClient);
  }

  async getOwned(userId: string, clientId: string): Promise<ClientView> {
    return presentClient(await this.owned(userId, clientId));
  }

  /** The client the consent page names (a disabled or unknown one is not found). */
  async getPublic(clientId: string): Promise<PublicClientView> {
    const client = await this.options.clients.findById(clientId);
    if (!client || client.disabled) throw raise(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
    return presentPublicClient(client);
  }

  /** Changes an owned client; the metadata is validated whole again, as at creation. */
  async update(userId: string, clientId: string, update: ClientUpdate): Promise<ClientView> {
    const client = await this.owned(userId, clientId);
    const method = update.token_endpoint_auth_method ?? client.tokenEndpointAuthMethod;
    if ((method === 'none') !== (client.tokenEndpointAuthMethod === 'none')) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
    const metadata = validateClientMetadata(
      {
        redirect_uris: update.redirect_uris ?? client.redirectUris,
        token_endpoint_auth_method: method,
        grant_types: update.grant_types ?? client.grantTypes,
        type: client.type,
        client_name: update.client_name ?? client.name ?? undefined,
        client_uri: update.client_uri ?? client.uri ?? undefined,
        logo_uri: update.logo_uri ?? client.logoUri ?? undefined,
        scope: update.scope ?? (client.scopes ? client.scopes.join(' ') : undefined),
        client_credentials_scopes: client.clientCredentialsScopes,
        enable_end_session: client.enableEndSession,
        post_logout_redirect_uris: client.postLogoutRedirectUris,
      },
      { registrar: client.registrar, scopesSupported: this.options.scopesSupported },
    );
    const changed = await this.options.clients.update(clientId, { ...metadata, ...(update.disabled === undefined ? {} : { disabled: update.disabled }) }, this.options.clock.now());
    if (!changed) throw raise(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
    return presentClient(changed);
  }

  /** A new secret for an owned confidential client; the old one stops working at once. */
  async rotateSecret(userId: string, clientId: string): Promise<ClientView & { client_secret: string }> {
    const client = await this.owned(userId, clientId);
    if (client.tokenEndpointAuthMethod === 'none') throw raise(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
    const secret = generateClientSecret();
    const changed = await this.options.clients.update(clientId, { secretHash: hashClientSecret(secret) }, this.options.clock.now());
    if (!changed) throw raise(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
    return { ...presentClient(changed), client_secret: secret };
  }

  /** Deletes an owned client, its consents, and turns its access tokens inactive. */
  async deleteOwned(userId: string, clientId: string): Promise<void> {
    await this.owned(userId, clientId);
    await this.remove(clientId);
  }

  /** Every client, a page at a time (site admins). */
  async list(page: { limit: number; offset: number }): Promise<{ clients: ClientView[]; total: number }> {
    const { clients, total } = await this.options.clients.list(page);
    return { clients: clients.map(presentClient), total };
  }

  /** Deletes any client (site admins). */
  async delete(clientId: string): Promise<void> {
    const client = await this.options.clients.findById(clientId);
    if (!client) throw raise(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
    await this.remove(clientId);
  }

  /** A registered, enabled client by id, or null. */
  async find(clientId: string | null | undefined): Promise<OAuthClientRecord | null> {
    if (!clientId) return null;
    const client = await this.options.clients.findById(clientId);
    return client && !client.disabled ? client : null;
  }

  /**
   * The client a token, introspection or revocation request authenticates as: its registered
   * method, its secret compared in constant time. Unknown, deleted, disabled, a wrong or missing
   * secret, or another method than registered → 401 `invalid_client` (an MCP client then
   * registers again).
   */
  async authenticate(input: ClientCredentialsInput): Promise<OAuthClientRecord> {
    const client = await this.find(input.clientId);
    const invalid = () => raise(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT);
    if (!client) throw invalid();
    const method = client.tokenEndpointAuthMethod;
    if (method === 'none') {
      if (input.clientSecret) throw invalid();
      return client;
    }
    // A confidential client's secret is accepted by either transport (clients differ in what they pick).
    if (input.via === 'none' || !input.clientSecret || !verifyClientSecret(input.clientSecret, client.secretHash)) throw invalid();
    return client;
  }

  private async owned(userId: string, clientId: string): Promise<OAuthClientRecord> {
    const client = await this.options.clients.findById(clientId);
    if (!client || client.userId !== userId) throw raise(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
    return client;
  }

  private async remove(clientId: string): Promise<void> {
    const now = this.options.clock.now();
    await this.options.accessTokens.revokeClient(clientId, now);
    await this.options.consents.deleteByClient(clientId);
    await this.options.clients.delete(clientId);
  }
}
