import type { JWK } from 'jose';
import type { Prisma } from '@tend/database';
import type { OAuthClientChanges, OAuthClientRecord } from '../../clients/oauth-client.js';
import type { ClientRegistrar, ClientType, GrantType, TokenEndpointAuthMethod } from '../../clients/client-metadata.js';
import type { SigningAlgorithm, SigningKeyRecord } from '../../signing-keys/signing-key.js';
import type { AuthorizationCodeRecord } from '../../codes/authorization-code.js';

// The rows of the tables whose columns differ from their records: text that holds a union type,
// a client's optional scope list (space-separated; Prisma lists cannot be null), a JWK as JSON text.

type ClientRow = Prisma.OauthClientGetPayload<object>;
type SigningKeyRow = Prisma.OauthSigningKeyGetPayload<object>;
type CodeRow = Prisma.OauthAuthorizationCodeGetPayload<object>;

/** How long a transaction may wait for a connection and run: races queue on locks. */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

export function toClient(row: ClientRow): OAuthClientRecord {
  return {
    clientId: row.clientId,
    secretHash: row.secretHash,
    userId: row.userId,
    registrar: row.registrar as ClientRegistrar,
    disabled: row.disabled,
    redirectUris: row.redirectUris,
    tokenEndpointAuthMethod: row.tokenEndpointAuthMethod as TokenEndpointAuthMethod,
    grantTypes: row.grantTypes as GrantType[],
    responseTypes: row.responseTypes as 'code'[],
    type: row.type as ClientType,
    name: row.name,
    uri: row.uri,
    logoUri: row.logoUri,
    scopes: fromScope(row.scope),
    clientCredentialsScopes: row.clientCredentialsScopes,
    postLogoutRedirectUris: row.postLogoutRedirectUris,
    enableEndSession: row.enableEndSession,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toClientRow(client: OAuthClientRecord): ClientRow {
  const { scopes, ...rest } = client;
  return { ...rest, scope: toScope(scopes) };
}

/** The columns of a change: `scopes` becomes `scope`; what is not given stays undefined (unchanged). */
export function toChangedClientColumns(changes: OAuthClientChanges): Partial<ClientRow> {
  const { scopes, ...rest } = changes;
  return { ...rest, ...(scopes !== undefined ? { scope: toScope(scopes) } : {}) };
}

// Scope tokens never hold a space (RFC 6749 §3.3), so the OAuth form round-trips; [] is ''.
const toScope = (scopes: string[] | null) => (scopes === null ? null : scopes.join(' '));
const fromScope = (scope: string | null) => (scope === null ? null : scope.split(' ').filter(Boolean));

export function toSigningKey(row: SigningKeyRow): SigningKeyRecord {
  return { ...row, algorithm: row.algorithm as SigningAlgorithm, publicJwk: JSON.parse(row.publicJwk) as JWK };
}

export function toSigningKeyRow(key: SigningKeyRecord): SigningKeyRow {
  return { ...key, publicJwk: JSON.stringify(key.publicJwk) };
}

export function toCode(row: CodeRow): AuthorizationCodeRecord {
  return { ...row, codeChallengeMethod: row.codeChallengeMethod as 'S256' };
}
