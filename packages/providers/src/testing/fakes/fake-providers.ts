import { createHash, randomBytes } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { ProvidersSettings } from '../../config.js';
import { envNameOf } from '../../env-settings.js';
import { PROVIDER_IDS, type ProviderId } from '../../oauth-provider.port.js';
import type { FakeEnv, FakeProviderDefinition, FakeRoute, FakeUser, Grant } from './definition.js';
import { appleFake } from './definitions/apple.js';
import { facebookFake } from './definitions/facebook.js';
import { githubFake } from './definitions/github.js';
import { googleFake } from './definitions/google.js';
import { microsoftFake } from './definitions/microsoft.js';
import { discordFake, dropboxFake, gitlabFake, kickFake, linkedinFake, redditFake, robloxFake, spotifyFake, tiktokFake, twitchFake, vkFake, zoomFake } from './definitions/rest.js';
import { twitterFake } from './definitions/twitter.js';
import { FakeHttpServer, type FakeReply, type FakeRequest } from './fake-server.js';
import { FakeKeys } from './keys.js';

export const FAKE_DEFINITIONS: Record<ProviderId, FakeProviderDefinition> = {
  apple: appleFake,
  discord: discordFake,
  facebook: facebookFake,
  github: githubFake,
  microsoft: microsoftFake,
  google: googleFake,
  spotify: spotifyFake,
  twitch: twitchFake,
  twitter: twitterFake,
  dropbox: dropboxFake,
  kick: kickFake,
  linkedin: linkedinFake,
  gitlab: gitlabFake,
  tiktok: tiktokFake,
  reddit: redditFake,
  roblox: robloxFake,
  vk: vkFake,
  zoom: zoomFake,
};

/** What the fake authorization endpoint sent the browser back with. */
export interface FakeAuthorization {
  code: string;
  state: string;
  deviceId?: string;
  /** Apple's `user` field. */
  user?: string;
}

export interface StartFakeProvidersOptions {
  /** The fakes' clock in epoch milliseconds (id-token iat/exp, token-info expiry); Date.now by default. */
  now?: () => number;
}

/**
 * Fake servers for all 18 providers on one 127.0.0.1 port, reached through the URL rewrite
 * (`urlRewrite: fakes.baseURL`). Each plays its provider's real endpoints and answer shapes:
 * authorization (302 back, or Apple's form post), token exchange with client authentication and
 * PKCE checks, refresh, profiles, key sets, Google token-info, Microsoft photos.
 */
export class FakeProviders {
  private readonly users = new Map<ProviderId, FakeUser>();
  private readonly codes = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, { provider: ProviderId; user: FakeUser }>();
  private readonly refreshTokens = new Map<string, { provider: ProviderId; user: FakeUser }>();
  readonly env: FakeEnv;

  constructor(
    readonly server: FakeHttpServer,
    readonly keys: FakeKeys,
    private readonly now: () => number,
  ) {
    this.env = {
      keys,
      clientId: (provider) => this.credentials(provider).clientId,
      nowSeconds: () => Math.floor(this.now() / 1000),
      mint: (claims) => this.mintIdToken(claims),
    };
    for (const definition of Object.values(FAKE_DEFINITIONS)) this.mount(definition);
  }

  get baseURL(): string {
    return this.server.baseURL;
  }

  /** The client credentials each fake expects. */
  credentials(provider: ProviderId): { clientId: string; clientSecret: string } {
    return { clientId: `${provider}-client-id`, clientSecret: `${provider}-client-secret` };
  }

  /** Settings enabling `providers` (all 18 by default) with the fakes' credentials. */
  settings(providers: readonly ProviderId[] = PROVIDER_IDS): ProvidersSettings {
    return Object.fromEntries(providers.map((id) => [id, this.credentials(id)])) as ProvidersSettings;
  }

  /** The environment a gateway needs to use the fakes: credentials of `providers` and the URL rewrite. */
  gatewayEnv(providers: readonly ProviderId[] = PROVIDER_IDS): Record<string, string> {
    const env: Record<string, string> = { AUTH_PROVIDER_URL_REWRITE: this.baseURL };
    for (const id of providers) {
      env[envNameOf(id, 'clientId')] = this.credentials(id).clientId;
      env[envNameOf(id, 'clientSecret')] = this.credentials(id).clientSecret;
    }
    return env;
  }

  /** The user who signs in next with `provider` (its profile shape, merged over the default user). */
  setUser(provider: ProviderId, profile: FakeUser): void {
    this.users.set(provider, { ...FAKE_DEFINITIONS[provider].user(), ...profile });
  }

  user(provider: ProviderId): FakeUser {
    return this.users.get(provider) ?? FAKE_DEFINITIONS[provider].user();
  }

  /** Makes requests to `url` answer `reply` instead (500s, bodies that are not JSON, `hang`, `reset`). */
  fail(url: string, reply: FakeReply, times?: number): void {
    this.server.override(url, reply, times);
  }

  clearFailures(): void {
    this.server.clearOverrides();
  }

  /** Holds requests to `url` unanswered (recorded at once) until the returned function is called. */
  hold(url: string): () => void {
    return this.server.hold(url);
  }

  /** The recorded requests to a provider URL (`https://github.com/login/oauth/access_token`). */
  requestsTo(url: string): FakeRequest[] {
    return this.server.requestsTo(url);
  }

  /** An id token signed with the published key (or a `forged` one), for id-token sign-in tests. */
  mintIdToken(claims: JWTPayload, options: { key?: 'published' | 'forged'; kid?: string } = {}): Promise<string> {
    const now = Math.floor(this.now() / 1000);
    const key = options.key === 'forged' ? this.keys.forged : this.keys.published;
    return key.sign({ iat: now, exp: now + 3600, ...claims }, { kid: options.kid });
  }

  /** Issues an access token directly (for tests that store accounts without a sign-in). */
  issueAccessToken(provider: ProviderId, user: FakeUser = this.user(provider)): string {
    const token = randomBytes(16).toString('hex');
    this.accessTokens.set(token, { provider, user });
    return token;
  }

  /** Follows an authorization URL to the fake and answers what it sent back (code, state...). */
  async authorize(url: string): Promise<FakeAuthorization> {
    const response = await fetch(url, { redirect: 'manual' });
    const fields = new Map<string, string>();
    if (response.status === 302) {
      for (const [key, value] of new URL(response.headers.get('location') ?? '').searchParams) fields.set(key, value);
    } else {
      const html = await response.text();
      if (response.status !== 200) throw new Error(`fake authorization failed: ${response.status} ${html}`);
      for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.set(match[1] ?? '', unescapeHtml(match[2] ?? ''));
    }
    return { code: fields.get('code') ?? '', state: fields.get('state') ?? '', deviceId: fields.get('device_id'), user: fields.get('user') };
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private mount(definition: FakeProviderDefinition): void {
    this.server.route('GET', definition.authorize, (request) => this.authorizeEndpoint(definition, request));
    this.server.route('POST', definition.token, (request) => this.tokenEndpoint(definition, request));
    for (const route of definition.routes(this.env)) this.server.route(route.method, route.url, (request) => this.api(route, request));
  }

  private authorizeEndpoint(definition: FakeProviderDefinition, request: FakeRequest): FakeReply {
    const query = request.query;
    const clientId = query.get(definition.clientAuth === 'client_key' ? 'client_key' : 'client_id');
    const redirectURI = query.get('redirect_uri');
    if (clientId !== this.credentials(definition.id).clientId || !redirectURI) return { status: 400, text: 'invalid_request' };
    const code = randomBytes(12).toString('hex');
    const grant: Grant = {
      provider: definition.id,
      user: this.user(definition.id),
      clientId,
      redirectURI,
      scope: query.get('scope') ?? '',
      codeChallenge: query.get('code_challenge_method') === 'S256' ? query.get('code_challenge') : null,
      nonce: query.get('nonce'),
      deviceId: definition.deviceId ? randomBytes(8).toString('hex') : null,
    };
    this.codes.set(code, grant);
    const fields: Record<string, string> = { code, state: query.get('state') ?? '', ...(grant.deviceId ? { device_id: grant.deviceId } : {}), ...definition.callbackFields?.(grant) };
    if (definition.formPost && query.get('response_mode') === 'form_post') {
      const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`);
      return { status: 200, headers: { 'content-type': 'text/html' }, text: `<form method="post" action="${escapeHtml(redirectURI)}">${inputs.join('')}</form><script>document.forms[0].submit()</script>` };
    }
    const location = new URL(redirectURI);
    for (const [key, value] of Object.entries(fields)) location.searchParams.set(key, value);
    return { status: 302, headers: { location: location.toString() } };
  }

  private async tokenEndpoint(definition: FakeProviderDefinition, request: FakeRequest): Promise<FakeReply> {
    const refuse = (error: string, status = 400): FakeReply => (definition.errorsWith200 ? { status: 200, json: { error } } : { status, json: { error } });
    if (!this.clientAuthenticated(definition, request)) return refuse('invalid_client', 401);
    const form = request.form;
    let grant: Grant;
    if (form.get('grant_type') === 'authorization_code') {
      const found = this.codes.get(form.get('code') ?? '');
      if (!found) return refuse('invalid_grant');
      this.codes.delete(form.get('code') ?? '');
      if (found.redirectURI !== form.get('redirect_uri')) return refuse('invalid_grant');
      const verifier = form.get('code_verifier');
      if (found.codeChallenge && (!verifier || createHash('sha256').update(verifier).digest('base64url') !== found.codeChallenge)) return refuse('invalid_grant');
      if (found.deviceId && form.get('device_id') !== found.deviceId) return refuse('invalid_grant');
      grant = found;
    } else if (form.get('grant_type') === 'refresh_token') {
      const found = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!found || found.provider !== definition.id) return refuse('invalid_grant');
      this.refreshTokens.delete(form.get('refresh_token') ?? '');
      grant = { provider: definition.id, user: found.user, clientId: this.credentials(definition.id).clientId, redirectURI: '', scope: '', codeChallenge: null, nonce: null, deviceId: null };
    } else {
      return refuse('unsupported_grant_type');
    }
    const accessToken = randomBytes(16).toString('hex');
    const refreshToken = randomBytes(16).toString('hex');
    this.accessTokens.set(accessToken, { provider: definition.id, user: grant.user });
    this.refreshTokens.set(refreshToken, { provider: definition.id, user: grant.user });
    const scopes = grant.scope.split(/[\s,]+/).filter(Boolean);
    const scope = definition.scopeFormat === 'array' ? scopes : scopes.join(definition.scopeFormat === 'comma' ? ',' : ' ');
    return {
      status: 200,
      json: { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, refresh_token: refreshToken, ...(scopes.length ? { scope } : {}), ...(await definition.tokenFields?.(grant, this.env)) },
    };
  }

  private clientAuthenticated(definition: FakeProviderDefinition, request: FakeRequest): boolean {
    const { clientId, clientSecret } = this.credentials(definition.id);
    if (definition.clientAuth === 'post') return request.form.get('client_id') === clientId && request.form.get('client_secret') === clientSecret;
    if (definition.clientAuth === 'client_key') return request.form.get('client_key') === clientId && request.form.get('client_secret') === clientSecret;
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [user = '', password = ''] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return decode(user) === clientId && decode(password) === clientSecret;
  }

  private api(route: FakeRoute, request: FakeRequest): FakeReply | Promise<FakeReply> {
    if (route.auth === 'none') return route.reply(request, null);
    const token = route.auth === 'form' ? request.form.get('access_token') : /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const found = token ? this.accessTokens.get(token) : undefined;
    if (!found) return { status: 401, json: { error: 'invalid_token' } };
    return route.reply(request, found.user);
  }
}

/** Starts the fake providers on 127.0.0.1 (port 0); point `urlRewrite` at `baseURL`. */
export async function startFakeProviders(options: StartFakeProvidersOptions = {}): Promise<FakeProviders> {
  const [server, keys] = await Promise.all([FakeHttpServer.start(), FakeKeys.generate()]);
  return new FakeProviders(server, keys, options.now ?? Date.now);
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function unescapeHtml(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
