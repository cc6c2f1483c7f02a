import { raise } from '@tend/kernel';
import { OAUTH_PROVIDER_ERRORS } from '../error-codes.js';

export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
export const CLIENT_TYPES = ['web', 'native', 'user-agent-based'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Who is creating the client: its signed-in owner, anyone (RFC 7591 registration), or a site admin. */
export type ClientRegistrar = 'owner' | 'dynamic' | 'admin';

/** Client metadata as a request gives it (RFC 7591 names; the subset issue 31 serves). */
export interface ClientMetadataInput {
  redirect_uris?: unknown;
  token_endpoint_auth_method?: unknown;
  grant_types?: unknown;
  response_types?: unknown;
  type?: unknown;
  client_name?: unknown;
  client_uri?: unknown;
  logo_uri?: unknown;
  scope?: unknown;
  client_credentials_scopes?: unknown;
  post_logout_redirect_uris?: unknown;
  enable_end_session?: unknown;
}

/** Client metadata once validated, with its defaults applied. */
export interface ClientMetadata {
  redirectUris: string[];
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  grantTypes: GrantType[];
  responseTypes: 'code'[];
  type: ClientType;
  name: string | null;
  uri: string | null;
  logoUri: string | null;
  /** The scopes it may ask for; null: every supported scope. */
  scopes: string[] | null;
  clientCredentialsScopes: string[];
  postLogoutRedirectUris: string[];
  enableEndSession: boolean;
}

export interface ClientMetadataContext {
  registrar: ClientRegistrar;
  /** The scopes the provider serves (AUTH_OAUTH_SCOPES). */
  scopesSupported: readonly string[];
}

const MAX_URIS = 20;
const MAX_URI_LENGTH = 2048;
const MAX_NAME_LENGTH = 200;
/** Scopes about a user, which a client_credentials token (no user) can never carry. */
const USER_SCOPES = new Set(['openid', 'offline_access']);

const metadataError = () => raise(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
const redirectError = () => raise(OAUTH_PROVIDER_ERRORS.INVALID_REDIRECT_URI);

/** Whether `host` (a URL's hostname) is the loopback interface (RFC 8252 §7.3). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Whether `uri` may be a redirect URI: absolute, no fragment, no credentials; `https`, or
 * `http` on the loopback interface for a public or native client (RFC 8252 §7.3).
 */
export function isAllowedRedirectUri(uri: string, client: { publicOrNative: boolean }): boolean {
  if (uri.length > MAX_URI_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash || uri.includes('#') || url.username || url.password) return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  if (url.protocol === 'http:') return client.publicOrNative && isLoopbackHost(url.hostname);
  return false;
}

/**
 * Validates the metadata of a client being created (owner, admin) or registered (RFC 7591).
 * Bad redirect or post-logout URIs → `INVALID_REDIRECT_URI`; anything else → `INVALID_CLIENT_METADATA`.
 */
export function validateClientMetadata(input: ClientMetadataInput, context: ClientMetadataContext): ClientMetadata {
  const method = oneOf(input.token_endpoint_auth_method, TOKEN_ENDPOINT_AUTH_METHODS, 'client_secret_basic');
  const type = oneOf(input.type, CLIENT_TYPES, method === 'none' ? 'native' : 'web');
  const grantTypes = listOf(input.grant_types, GRANT_TYPES, ['authorization_code']);
  if (grantTypes.length === 0) throw metadataError();
  const responseTypes = listOf(input.response_types, ['code'] as const, grantTypes.includes('authorization_code') ? ['code'] : []);
  if (grantTypes.includes('authorization_code') !== (responseTypes.length > 0)) throw metadataError();
  if (grantTypes.includes('refresh_token') && !grantTypes.includes('authorization_code')) throw metadataError();

  const clientCredentials = grantTypes.includes('client_credentials');
  if (clientCredentials && (method === 'none' || context.registrar === 'dynamic')) throw metadataError();
  const clientCredentialsScopes = scopeList(input.client_credentials_scopes, context.scopesSupported) ?? [];
  if (clientCredentialsScopes.length > 0 && (context.registrar !== 'admin' || !clientCredentials)) throw metadataError();
  if (clientCredentialsScopes.some((scope) => USER_SCOPES.has(scope))) throw metadataError();

  const publicOrNative = method === 'none' || type !== 'web';
  const redirectUris = uriList(input.redirect_uris, publicOrNative);
  if (grantTypes.includes('authorization_code') && redirectUris.length === 0) throw redirectError();

  const enableEndSession = input.enable_end_session === undefined ? false : boolean(input.enable_end_session);
  if (enableEndSession && context.registrar !== 'admin') throw metadataError();
  const postLogoutRedirectUris = uriList(input.post_logout_redirect_uris, publicOrNative);
  if (postLogoutRedirectUris.length > 0 && context.registrar !== 'admin') throw metadataError();

  return {
    redirectUris,
    tokenEndpointAuthMethod: method,
    grantTypes,
    responseTypes,
    type,
    name: optionalText(input.client_name),
    uri: optionalWebUri(input.client_uri),
    logoUri: optionalWebUri(input.logo_uri),
    scopes: input.scope === undefined ? null : scopeList(spaceSeparated(input.scope), context.scopesSupported),
    clientCredentialsScopes,
    postLogoutRedirectUris,
    enableEndSession,
  };
}

function spaceSeparated(value: unknown): string[] {
  if (typeof value !== 'string' || value.length > MAX_URI_LENGTH) throw metadataError();
  return value.split(' ');
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw metadataError();
  return value as T;
}

function listOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T[]): T[] {
  if (value === undefined) return [...fallback];
  if (!Array.isArray(value) || value.length > allowed.length * 2) throw metadataError();
  for (const item of value) if (typeof item !== 'string' || !(allowed as readonly string[]).includes(item)) throw metadataError();
  return [...new Set(value as T[])];
}

function boolean(value: unknown): boolean {
  if (typeof value !== 'boolean') throw metadataError();
  return value;
}

function scopeList(value: unknown, supported: readonly string[]): string[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.length > 100) throw metadataError();
  const scopes = [...new Set(value.filter((scope) => scope !== ''))];
  if (!scopes.every((scope): scope is string => typeof scope === 'string' && supported.includes(scope))) throw metadataError();
  return scopes;
}

function uriList(value: unknown, publicOrNative: boolean): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_URIS) throw metadataError();
  for (const uri of value) {
    if (typeof uri !== 'string') throw metadataError();
    if (!isAllowedRedirectUri(uri, { publicOrNative })) throw redirectError();
  }
  return [...new Set(value as string[])];
}

function optionalText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  // eslint-disable-next-line no-control-regex
  if (typeof value !== 'string' || value.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(value)) throw metadataError();
  return value.trim() || null;
}

function optionalWebUri(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > MAX_URI_LENGTH) throw metadataError();
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw metadataError();
  } catch {
    throw metadataError();
  }
  return value;
}
