import { raise, type Clock } from '@tend/kernel';
import { OAUTH_PROVIDER_ERRORS } from '../error-codes.js';
import { signOAuthQuery, verifyOAuthQuery, type OAuthQueryParameters } from '../authorize/oauth-query.js';
import { isValidCodeChallenge } from '../authorize/pkce.js';
import type { OAuthClientRecord } from '../clients/oauth-client.js';
import type { AuthorizationCodes } from '../codes/authorization-codes.js';
import type { ConsentRecord, ConsentStore } from '../consents/consent.js';
import { presentPublicClient, type OAuthClients, type PublicClientView } from './clients.js';
import type { ProviderSettings } from './settings.js';

/** Who is signed in, as the authorization endpoint and the consent page know them. */
export interface Subject {
  userId: string;
  sessionId: string;
}

export interface AuthorizationOptions {
  clients: OAuthClients;
  consents: ConsentStore;
  codes: AuthorizationCodes;
  clock: Clock;
  settings: ProviderSettings;
  /** A fresh id for a new consent. */
  newId: () => string;
  /** Revokes the tokens a user granted a client (the token service), when a consent is revoked. */
  grants?: { revokeGrant(userId: string, clientId: string): Promise<void> };
}

/** An authorization request that passed every check: its client, where to answer and what it asks. */
interface CheckedRequest {
  client: OAuthClientRecord;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  params: OAuthQueryParameters;
}

/**
 * A failure of an authorization request: where the browser goes. The request's own redirect URI
 * only once it is known to be the client's (RFC 6749 §4.1.2.1); the provider's error page otherwise.
 */
class AuthorizationFailure {
  constructor(readonly location: string) {}
}

const AUTHORIZE_PARAMETERS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method', 'prompt', 'resource', 'max_age', 'login_hint', 'ui_locales'] as const;

/**
 * The authorization code flow (OAuth 2.1 with PKCE S256, OpenID Connect): the authorization
 * endpoint's decision, the signed request (`oauth_query`) that travels through sign-in and the
 * consent page, remembered consents, and the code sent back with `state` and `iss` (RFC 9207).
 */
export class Authorization {
  constructor(private readonly options: AuthorizationOptions) {}

  /**
   * Where `GET /oauth2/authorize` sends the browser: the sign-in page (no session, or
   * `prompt=login`), the consent page, straight back with a code (a remembered consent), or back
   * with an error. An unknown client or unregistered redirect URI goes to the provider's error page.
   */
  async authorize(query: Record<string, unknown>, subject: Subject | null): Promise<string> {
    const params = pick(query);
    const checked = await this.check(params);
    if (checked instanceof AuthorizationFailure) return checked.location;
    const prompts = new Set((params.prompt ?? '').split(' ').filter(Boolean));
    const signed = this.sign(checked.params);
    if (!subject || prompts.has('login')) {
      if (prompts.has('none')) return this.back(checked, { error: 'login_required' });
      const signIn = new URL('/sign-in', this.options.settings.webURL);
      signIn.search = signed;
      return signIn.toString();
    }
    if (!prompts.has('consent') && (await this.remembered(subject.userId, checked))) return this.approve(checked, subject);
    if (prompts.has('none')) return this.back(checked, { error: 'consent_required' });
    return this.consentPage(signed);
  }

  /** Where a sign-in that carried a signed `oauth_query` ends: the consent page (throws for a forged or expired query). */
  afterSignIn(oauthQuery: string): string {
    this.verify(oauthQuery);
    return this.consentPage(stripQuestionMark(oauthQuery));
  }

  /** What the consent page shows: the client, the scopes asked, where it answers, for whom. */
  async consentInfo(oauthQuery: string): Promise<{ client: PublicClientView; scopes: string[]; redirect_uri: string }> {
    const checked = await this.checkSigned(oauthQuery);
    return { client: presentPublicClient(checked.client), scopes: checked.scopes, redirect_uri: checked.redirectUri };
  }

  /**
   * The answer of the consent page: back to the client with a code (remembering the consent), or
   * with `error=access_denied`. A forged query → `INVALID_SIGNATURE`, none → `INVALID_REQUEST`.
   */
  async consent(input: { accept: boolean; oauthQuery: string; scope?: string }, subject: Subject): Promise<string> {
    const checked = await this.checkSigned(input.oauthQuery);
    if (!input.accept) return this.back(checked, { error: 'access_denied' });
    if (input.scope !== undefined) {
      const narrowed = splitScopes(input.scope);
      if (!narrowed.every((scope) => checked.scopes.includes(scope))) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_SCOPE);
      checked.scopes = narrowed;
    }
    await this.options.consents.grant({ id: this.options.newId(), userId: subject.userId, clientId: checked.client.clientId, scopes: checked.scopes }, this.options.clock.now());
    return this.approve(checked, subject);
  }

  /** The user's remembered consents, each with the client it names (gone clients: null). */
  async consentsOf(userId: string): Promise<Array<ConsentRecord & { client: PublicClientView | null }>> {
    const consents = await this.options.consents.listByUser(userId);
    return Promise.all(
      consents.map(async (consent) => {
        const client = await this.options.clients.find(consent.clientId);
        return { ...consent, client: client ? presentPublicClient(client) : null };
      }),
    );
  }

  /**
   * Revokes one of the user's consents (Connected apps' Revoke access): the app's tokens for the
   * user stop working, and its next authorization asks again. Another user's: not found.
   */
  async revokeConsent(userId: string, id: string): Promise<void> {
    const consent = (await this.options.consents.listByUser(userId)).find((candidate) => candidate.id === id);
    if (!consent || !(await this.options.consents.delete(id, userId))) throw raise(OAUTH_PROVIDER_ERRORS.CONSENT_NOT_FOUND);
    await this.options.grants?.revokeGrant(userId, consent.clientId);
  }

  private async checkSigned(oauthQuery: string): Promise<CheckedRequest> {
    const checked = await this.check(this.verify(oauthQuery));
    // The request was checked when it was signed; only a client deleted or changed since fails here.
    if (checked instanceof AuthorizationFailure) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_REQUEST);
    return checked;
  }

  private verify(oauthQuery: string): OAuthQueryParameters {
    return verifyOAuthQuery(oauthQuery, { secret: this.options.settings.secret, clock: this.options.clock });
  }

  private sign(params: OAuthQueryParameters): string {
    return signOAuthQuery(params, { secret: this.options.settings.secret, clock: this.options.clock, ttlSeconds: this.options.settings.queryTtlSeconds });
  }

  private consentPage(signed: string): string {
    const page = new URL('/oauth/consent', this.options.settings.webURL);
    page.search = signed;
    return page.toString();
  }

  private async check(params: OAuthQueryParameters): Promise<CheckedRequest | AuthorizationFailure> {
    const client = await this.options.clients.find(params.client_id);
    if (!client) return this.errorPage('unknown client');
    const redirectUri = params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : undefined);
    if (!redirectUri || !client.redirectUris.includes(redirectUri)) return this.errorPage('redirect_uri is not registered for this client');
    const state = params.state ?? null;
    const base = { client, redirectUri, state, scopes: [] as string[], params: { ...params, redirect_uri: redirectUri } };
    const fail = (error: string, description: string) => new AuthorizationFailure(this.back(base, { error, error_description: description }));
    if (params.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
    if (!client.grantTypes.includes('authorization_code')) return fail('unauthorized_client', 'the client may not use the authorization code flow');
    if (!params.code_challenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
    if (params.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
    if (!isValidCodeChallenge(params.code_challenge, 'S256')) return fail('invalid_request', 'code_challenge is malformed');
    const scopes = params.scope === undefined ? (client.scopes ?? ['openid']) : splitScopes(params.scope);
    const allowed = client.scopes ?? this.options.settings.scopes;
    if (scopes.length === 0 || !scopes.every((scope) => this.options.settings.scopes.includes(scope) && allowed.includes(scope))) {
      return fail('invalid_scope', 'a scope asked is not available to this client');
    }
    return { ...base, scopes, params: { ...base.params, scope: scopes.join(' ') } };
  }

  private async remembered(userId: string, request: CheckedRequest): Promise<boolean> {
    const consent = await this.options.consents.find(userId, request.client.clientId);
    return consent !== null && request.scopes.every((scope) => consent.scopes.includes(scope));
  }

  private async approve(request: CheckedRequest, subject: Subject): Promise<string> {
    const { code } = await this.options.codes.issue({
      clientId: request.client.clientId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      nonce: request.params.nonce ?? null,
      codeChallenge: request.params.code_challenge!,
      codeChallengeMethod: 'S256',
      userId: subject.userId,
      sessionId: subject.sessionId,
    });
    return this.back(request, { code });
  }

  /** The client's redirect URI with the answer, `state` and `iss`. */
  private back(request: Pick<CheckedRequest, 'redirectUri' | 'state'>, answer: Record<string, string>): string {
    const url = new URL(request.redirectUri);
    for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
    if (request.state !== null) url.searchParams.set('state', request.state);
    url.searchParams.set('iss', this.options.settings.issuer);
    return url.toString();
  }

  private errorPage(description: string): AuthorizationFailure {
    const url = new URL(`${this.options.settings.issuer}/error`);
    url.searchParams.set('error', 'invalid_redirect');
    url.searchParams.set('error_description', description);
    return new AuthorizationFailure(url.toString());
  }
}

/** The authorization parameters of a query (single string values only; repeated ones are refused by being dropped). */
function pick(query: Record<string, unknown>): OAuthQueryParameters {
  const params: OAuthQueryParameters = {};
  for (const name of AUTHORIZE_PARAMETERS) {
    const value = query[name];
    if (typeof value === 'string' && value !== '') params[name] = value;
  }
  return params;
}

function splitScopes(scope: string): string[] {
  return [...new Set(scope.split(' ').filter(Boolean))];
}

function stripQuestionMark(query: string): string {
  return query.startsWith('?') ? query.slice(1) : query;
}
