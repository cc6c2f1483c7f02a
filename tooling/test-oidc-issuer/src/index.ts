// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider ships no types; this pulls in the local declaration wherever the issuer is compiled.
/// <reference path="./oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';

/** Who logs in at the issuer. */
export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
  email_verified?: boolean;
}

/** The endpoints' paths, when the issuer plays a provider that has its own (Microsoft Entra). */
export interface OidcRoutes {
  authorization: string;
  token: string;
  jwks: string;
  userinfo: string;
}

export interface OidcIssuerOptions {
  clientId: string;
  clientSecret: string;
  redirectURIs: string[];
  account: OidcAccount;
  /** The issuer identifier, from the server's base URL (default: the base URL itself). */
  issuer?: (baseURL: string) => string;
  routes?: OidcRoutes;
  /** Default `client_secret_basic`. */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
  /** Issue refresh tokens (`offline_access`). Default false. */
  refreshTokens?: boolean;
  /** Scopes beyond `openid profile email`. */
  extraScopes?: string[];
  /** Claims every token and the user info carry besides sub, email, email_verified and name (an Entra tenant's `tid`). */
  extraClaims?: Record<string, string>;
  /** Answers requests the provider does not serve (an API beside it); true when it answered. */
  fallback?: (path: string, res: ServerResponse) => boolean;
}

export interface OidcIssuer {
  /** `http://127.0.0.1:<port>`: where the server listens (point a URL rewrite here). */
  baseURL: string;
  /** The issuer identifier; with the default, the base URL, whose discovery document is at `/.well-known/openid-configuration`. */
  issuer: string;
  /** Who logs in next (a test may change it between sign-ins). */
  account: OidcAccount;
  /** Plays the browser at the issuer: follows an authorization URL through login and consent to a redirect URI; answers that URL. */
  authorize(url: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (panva's oidc-provider) on 127.0.0.1, shared by the tests of social
 * providers and of SSO: discovery, PKCE, the code flow, signed id tokens with the requested
 * nonce. Login and consent are granted at once for `account`, whatever scopes and claims are asked.
 */
export async function startOidcIssuer(options: OidcIssuerOptions): Promise<OidcIssuer> {
  // Loaded on demand: only tests of the OIDC path pay for koa and the provider.
  const { default: Provider } = await import('oidc-provider');
  const sockets = new Set<Socket>();
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = options.issuer?.(baseURL) ?? baseURL;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'oidc-issuer-key-1', alg: 'RS256', use: 'sig' };
  const state = { account: options.account };
  const extraClaims = options.extraClaims ?? {};

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectURIs,
        token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_basic',
        grant_types: options.refreshTokens ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
        response_types: ['code'],
      },
    ],
    ...(options.routes ? { routes: options.routes } : {}),
    jwks: { keys: [signingKey] },
    scopes: ['openid', ...(options.refreshTokens ? ['offline_access'] : []), 'profile', 'email', ...(options.extraScopes ?? [])],
    claims: { openid: ['sub', ...Object.keys(extraClaims)], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the scope claims into the id token, as Entra and most IdPs do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-issuer-cookie-key'] },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, RefreshToken: 86_400, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...extraClaims, email: state.account.email, email_verified: state.account.email_verified ?? true, name: state.account.name }),
    }),
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: state.account.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    // Consent to whatever the provider says is missing (scopes and claims).
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    const grant = new provider.Grant({ accountId: state.account.sub, clientId: options.clientId });
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  handler = (req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
      return;
    }
    if (options.fallback?.(path, res)) return;
    callback(req, res);
  };

  async function authorize(url: string): Promise<URL> {
    const jar = new Map<string, string>();
    let next = url;
    for (let hop = 0; hop < 10; hop += 1) {
      if (options.redirectURIs.some((uri) => next.startsWith(uri))) return new URL(next);
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await fetch(next, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`oidc-provider stopped at ${next}: ${response.status} ${await response.text()}`);
      next = new URL(location, next).toString();
    }
    throw new Error('too many redirects');
  }

  return {
    baseURL,
    issuer,
    get account() {
      return state.account;
    },
    set account(account: OidcAccount) {
      state.account = account;
    },
    authorize,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
