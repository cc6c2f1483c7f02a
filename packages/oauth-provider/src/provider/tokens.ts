import { addSeconds, raise, uuid, type Clock } from '@tend/kernel';
import { decodeJwt } from 'jose';
import { OAUTH_PROVIDER_ERRORS } from '../error-codes.js';
import type { OAuthClientRecord } from '../clients/oauth-client.js';
import type { AuthorizationCodes } from '../codes/authorization-codes.js';
import type { RefreshTokens } from '../refresh/refresh-tokens.js';
import type { SigningKeys } from '../signing-keys/signing-keys.js';
import type { AccessTokenRecord, AccessTokenStore } from '../tokens/access-token.js';
import type { ClientCredentialsInput, OAuthClients } from './clients.js';
import type { PublishedKeys } from './key-set.js';
import type { ProviderSettings } from './settings.js';

/** The user facts ID tokens and userinfo answer, by scope. */
export interface ClaimsUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image: string | null;
  updatedAt: Date;
}

/** Where the provider reads users (the identity package's repository, in the gateway). */
export interface ClaimsUserSource {
  findById(userId: string): Promise<ClaimsUser | null>;
}

/** The token endpoint's request, as RFC 6749 names it. */
export interface TokenRequest {
  grant_type?: string;
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  refresh_token?: string;
  scope?: string;
  resource?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  id_token?: string;
  scope: string;
}

export interface IntrospectionResponse {
  active: boolean;
  client_id?: string;
  scope?: string;
  sub?: string;
  exp?: number;
  iat?: number;
  iss?: string;
  aud?: string | string[];
  token_type?: string;
  sid?: string;
}

export interface TokenServiceOptions {
  clients: OAuthClients;
  codes: AuthorizationCodes;
  refreshTokens: RefreshTokens;
  accessTokens: AccessTokenStore;
  signingKeys: SigningKeys;
  keys: PublishedKeys;
  users: ClaimsUserSource;
  clock: Clock;
  settings: ProviderSettings;
}

/** The lifetime of a `/token` JWT (better-auth's jwt plugin). */
export const SESSION_JWT_TTL_SECONDS = 900;

/**
 * Tokens: the token endpoint's three grants, userinfo, introspection (RFC 7662), revocation
 * (RFC 7009), RP-initiated logout and the `/token` JWT of a session. Access tokens are JWTs
 * (RFC 9068 claims) that services verify with the JWKS alone; each has a record by `jti`, so
 * revocation and introspection see it end.
 */
export class TokenService {
  constructor(private readonly options: TokenServiceOptions) {}

  async token(request: TokenRequest, credentials: ClientCredentialsInput): Promise<TokenResponse> {
    const grant = request.grant_type;
    if (!grant) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_REQUEST);
    if (request.resource !== undefined && !isResourceIndicator(request.resource)) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_TARGET);
    if (grant !== 'authorization_code' && grant !== 'refresh_token' && grant !== 'client_credentials') throw raise(OAUTH_PROVIDER_ERRORS.UNSUPPORTED_GRANT_TYPE);
    const client = await this.options.clients.authenticate(credentials);
    if (grant === 'authorization_code') return this.authorizationCode(request, client);
    if (grant === 'refresh_token') return this.refresh(request, client);
    return this.clientCredentials(request, client);
  }

  private async authorizationCode(request: TokenRequest, client: OAuthClientRecord): Promise<TokenResponse> {
    if (!request.code || !request.code_verifier) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_REQUEST);
    const redeemed = await this.options.codes.redeem({ code: request.code, clientId: client.clientId, redirectUri: request.redirect_uri ?? null, codeVerifier: request.code_verifier });
    if (!redeemed.ok) {
      // A code used twice: everything issued from it goes (RFC 6749 §4.1.2).
      if (redeemed.revokeFamily) await this.revokeFamily(redeemed.revokeFamily);
      throw redeemed.error;
    }
    const { grant } = redeemed;
    const user = await this.options.users.findById(grant.userId);
    if (!user) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_GRANT);
    const access = await this.issueAccessToken({ client, userId: user.id, sessionId: grant.sessionId, familyId: grant.familyId, scopes: grant.scopes, resource: request.resource });
    const response: TokenResponse = { ...access, scope: grant.scopes.join(' ') };
    if (grant.scopes.includes('offline_access')) {
      const { refreshToken } = await this.options.refreshTokens.issue({ familyId: grant.familyId, clientId: client.clientId, userId: user.id, sessionId: grant.sessionId, scopes: grant.scopes });
      response.refresh_token = refreshToken;
    }
    if (grant.scopes.includes('openid')) response.id_token = await this.idToken(client, user, grant.scopes, { nonce: grant.nonce, sessionId: grant.sessionId });
    return response;
  }

  private async refresh(request: TokenRequest, client: OAuthClientRecord): Promise<TokenResponse> {
    if (!request.refresh_token) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_REQUEST);
    const rotated = await this.options.refreshTokens.rotate({ refreshToken: request.refresh_token, clientId: client.clientId });
    if (!rotated.ok) {
      if (rotated.revokeFamily) await this.options.accessTokens.revokeFamily(rotated.revokeFamily, this.options.clock.now());
      throw rotated.error;
    }
    const { grant } = rotated;
    let scopes = grant.scopes;
    if (request.scope !== undefined) {
      const asked = [...new Set(request.scope.split(' ').filter(Boolean))];
      if (!asked.every((scope) => grant.scopes.includes(scope))) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_SCOPE);
      scopes = asked;
    }
    const user = await this.options.users.findById(grant.userId);
    if (!user) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_GRANT);
    const access = await this.issueAccessToken({ client, userId: user.id, sessionId: grant.sessionId, familyId: grant.familyId, scopes, resource: request.resource });
    const response: TokenResponse = { ...access, refresh_token: rotated.refreshToken, scope: scopes.join(' ') };
    if (scopes.includes('openid')) response.id_token = await this.idToken(client, user, scopes, { nonce: null, sessionId: grant.sessionId });
    return response;
  }

  private async clientCredentials(request: TokenRequest, client: OAuthClientRecord): Promise<TokenResponse> {
    if (!client.grantTypes.includes('client_credentials') || client.registrar !== 'admin' || client.clientCredentialsScopes.length === 0) {
      throw raise(OAUTH_PROVIDER_ERRORS.UNAUTHORIZED_CLIENT);
    }
    const asked = request.scope === undefined ? client.clientCredentialsScopes : [...new Set(request.scope.split(' ').filter(Boolean))];
    if (asked.length === 0 || !asked.every((scope) => client.clientCredentialsScopes.includes(scope))) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_SCOPE);
    const access = await this.issueAccessToken({ client, userId: null, sessionId: null, familyId: null, scopes: asked, resource: request.resource });
    return { ...access, scope: asked.join(' ') };
  }

  /** The claims of the access token's user, by its scopes (`openid` needed). Bad token → 401 `invalid_token`. */
  async userinfo(accessToken: string | null): Promise<Record<string, unknown>> {
    const { record } = await this.activeAccessToken(accessToken);
    if (!record || !record.userId || !record.scopes.includes('openid')) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_ACCESS_TOKEN);
    const user = await this.options.users.findById(record.userId);
    if (!user) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_ACCESS_TOKEN);
    return { sub: user.id, ...userClaims(user, record.scopes) };
  }

  /** RFC 7662: a token of the calling client, active or not; another client's is `{active: false}`. */
  async introspect(token: string | undefined, client: OAuthClientRecord, hint?: string): Promise<IntrospectionResponse> {
    if (!token) return { active: false };
    if (hint !== 'refresh_token') {
      const { record, claims } = await this.activeAccessToken(token);
      if (record && claims) {
        if (record.clientId !== client.clientId) return { active: false };
        return {
          active: true,
          client_id: record.clientId,
          scope: record.scopes.join(' '),
          ...(record.userId ? { sub: record.userId } : {}),
          exp: Math.floor(record.expiresAt.getTime() / 1000),
          iat: Math.floor(record.createdAt.getTime() / 1000),
          iss: this.options.settings.issuer,
          ...(claims.aud ? { aud: claims.aud as string | string[] } : {}),
          token_type: 'access_token',
          ...(record.sessionId ? { sid: record.sessionId } : {}),
        };
      }
    }
    const refresh = await this.options.refreshTokens.inspect(token);
    if (!refresh || refresh.clientId !== client.clientId) return { active: false };
    return { active: true, client_id: refresh.clientId, scope: refresh.scopes.join(' '), sub: refresh.userId, iss: this.options.settings.issuer, token_type: 'refresh_token' };
  }

  /** RFC 7009: revokes a token of the calling client (a refresh token takes its whole family); anything else is quietly ignored. */
  async revoke(token: string | undefined, client: OAuthClientRecord): Promise<void> {
    if (!token) return;
    const { record } = await this.activeAccessToken(token);
    if (record) {
      if (record.clientId === client.clientId) await this.options.accessTokens.revoke(record.id, this.options.clock.now());
      return;
    }
    const refresh = await this.options.refreshTokens.inspect(token);
    if (refresh && refresh.clientId === client.clientId) await this.revokeFamily(refresh.familyId);
  }

  /**
   * RP-initiated logout: the ID token hint names the client and the session (`sid`); the client
   * must have end-session enabled (else 401 `invalid_client`), a post-logout URI must be one it
   * registered. The session's access tokens turn inactive; the answer says where the browser goes
   * (with `state`) and whether the browser's own session is the one to end (the gateway ends it).
   */
  async endSession(
    input: { idTokenHint?: string; postLogoutRedirectUri?: string; state?: string; clientId?: string },
    current: { sessionId: string; userId: string } | null,
  ): Promise<{ location: string; endCurrent: boolean }> {
    const claims = input.idTokenHint ? await this.verifyIdTokenHint(input.idTokenHint) : null;
    const audience = typeof claims?.aud === 'string' ? claims.aud : Array.isArray(claims?.aud) ? claims.aud[0] : undefined;
    if (input.clientId && audience && audience !== input.clientId) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_REQUEST);
    const client = await this.options.clients.find(audience ?? input.clientId);
    if (!client || !client.enableEndSession) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT);
    if (input.postLogoutRedirectUri !== undefined && !client.postLogoutRedirectUris.includes(input.postLogoutRedirectUri)) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_REQUEST);
    const sessionId = typeof claims?.sid === 'string' ? claims.sid : null;
    const subject = typeof claims?.sub === 'string' ? claims.sub : null;
    if (sessionId) await this.options.accessTokens.revokeSession(sessionId, this.options.clock.now());
    // The browser's session ends when it is the one the hint names (or, without a sid, the hint's user's).
    const endCurrent = current !== null && (sessionId ? current.sessionId === sessionId : subject !== null && current.userId === subject);
    if (endCurrent && current && current.sessionId !== sessionId) await this.options.accessTokens.revokeSession(current.sessionId, this.options.clock.now());
    const target = new URL(input.postLogoutRedirectUri ?? client.postLogoutRedirectUris[0] ?? `${this.options.settings.webURL}/`);
    if (input.state !== undefined && (input.postLogoutRedirectUri !== undefined || client.postLogoutRedirectUris.length > 0)) target.searchParams.set('state', input.state);
    return { location: target.toString(), endCurrent };
  }

  /** better-auth's jwt plugin: a JWT of the signed-in user, verifiable with `/jwks` (aud = iss = AUTH_BASE_URL, 15 min). */
  async sessionJwt(user: { id: string; email: string; name: string; emailVerified: boolean }): Promise<string> {
    const base = this.options.settings.baseURL;
    return this.options.signingKeys.sign({ iss: base, aud: base, sub: user.id, email: user.email, name: user.name, email_verified: user.emailVerified }, SESSION_JWT_TTL_SECONDS);
  }

  private async issueAccessToken(input: { client: OAuthClientRecord; userId: string | null; sessionId: string | null; familyId: string | null; scopes: string[]; resource?: string }) {
    const { settings, clock } = this.options;
    const now = clock.now();
    const jti = uuid();
    const ttl = settings.accessTokenTtlSeconds;
    const record: AccessTokenRecord = {
      id: jti,
      clientId: input.client.clientId,
      userId: input.userId,
      sessionId: input.sessionId,
      familyId: input.familyId,
      scopes: input.scopes,
      createdAt: now,
      expiresAt: addSeconds(now, ttl),
      revokedAt: null,
    };
    await this.options.accessTokens.insert(record);
    const claims = {
      iss: settings.issuer,
      aud: input.resource ?? settings.baseURL,
      client_id: input.client.clientId,
      scope: input.scopes.join(' '),
      jti,
      ...(input.userId ? { sub: input.userId } : {}),
      ...(input.sessionId ? { sid: input.sessionId } : {}),
    };
    return { access_token: await this.options.signingKeys.sign(claims, ttl), token_type: 'Bearer' as const, expires_in: ttl };
  }

  private async idToken(client: OAuthClientRecord, user: ClaimsUser, scopes: string[], extra: { nonce: string | null; sessionId: string | null }): Promise<string> {
    const claims = {
      iss: this.options.settings.issuer,
      aud: client.clientId,
      sub: user.id,
      azp: client.clientId,
      ...(extra.nonce ? { nonce: extra.nonce } : {}),
      ...(extra.sessionId ? { sid: extra.sessionId } : {}),
      ...userClaims(user, scopes),
    };
    return this.options.signingKeys.sign(claims, this.options.settings.idTokenTtlSeconds);
  }

  /** An access token of this provider, still active: signature, expiry, its record not revoked. */
  private async activeAccessToken(token: string | null | undefined): Promise<{ record: AccessTokenRecord | null; claims: Record<string, unknown> | null }> {
    const none = { record: null, claims: null };
    if (!token || token.length > 4096 || token.split('.').length !== 3) return none;
    let claims: Record<string, unknown>;
    try {
      claims = await this.options.keys.verify(token, { issuer: this.options.settings.issuer });
    } catch {
      return none;
    }
    if (typeof claims.jti !== 'string' || typeof claims.client_id !== 'string') return none;
    const record = await this.options.accessTokens.find(claims.jti);
    if (!record || record.revokedAt || record.expiresAt.getTime() <= this.options.clock.now().getTime()) return none;
    return { record, claims };
  }

  /** An ID token of this provider (expired ones too: logout comes after them). */
  private async verifyIdTokenHint(token: string): Promise<Record<string, unknown>> {
    try {
      const unverified = decodeJwt(token);
      const exp = typeof unverified.exp === 'number' ? unverified.exp : 0;
      // Accept an expired hint: checked at its own expiry instant, signature and issuer still enforced.
      const at = Math.min(this.options.clock.now().getTime(), exp * 1000 - 1000);
      return await this.options.keys.verify(token, { issuer: this.options.settings.issuer, currentDate: new Date(at) });
    } catch {
      throw raise(OAUTH_PROVIDER_ERRORS.INVALID_REQUEST);
    }
  }

  /** Every token the user granted the client stops working (its consent revoked). */
  async revokeGrant(userId: string, clientId: string): Promise<void> {
    const now = this.options.clock.now();
    await this.options.refreshTokens.revokeGrant(userId, clientId);
    await this.options.accessTokens.revokeGrant(userId, clientId, now);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.options.refreshTokens.revokeFamily(familyId);
    await this.options.accessTokens.revokeFamily(familyId, this.options.clock.now());
  }
}

/** A resource indicator (RFC 8707 §2): an absolute http(s) URI without a fragment, the audience of the access token. */
export function isResourceIndicator(value: string): boolean {
  if (value.length > 2048 || value.includes('#') || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password;
}

/** The standard claims of the scopes (OIDC Core §5.4): email, email_verified; name, given_name, family_name, picture. */
export function userClaims(user: ClaimsUser, scopes: readonly string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (scopes.includes('email')) {
    claims.email = user.email;
    claims.email_verified = user.emailVerified;
  }
  if (scopes.includes('profile')) {
    const [given, ...family] = user.name.trim().split(/\s+/);
    claims.name = user.name;
    if (given) claims.given_name = given;
    if (family.length > 0) claims.family_name = family.join(' ');
    if (user.image) claims.picture = user.image;
    claims.updated_at = Math.floor(user.updatedAt.getTime() / 1000);
  }
  return claims;
}
