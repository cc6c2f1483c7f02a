// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider ships no types; this pulls in the local declaration wherever the peer is compiled.
/// <reference path="./oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';

export interface IdpAccount {
  sub: string;
  email: string;
  name: string;
  email_verified?: boolean;
}

export interface OidcIdpOptions {
  clientId: string;
  clientSecret: string;
  redirectURIs: string[];
  account: IdpAccount;
}

export interface OidcIdp {
  /** `http://127.0.0.1:<port>`: the issuer, whose discovery document is at `/.well-known/openid-configuration`. */
  issuer: string;
  /** Who logs in next. */
  account: IdpAccount;
  /** Plays the browser at the IdP: follows an authorization URL through login and consent to the redirect URI; answers that URL. */
  authorize(url: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (panva's oidc-provider) on 127.0.0.1 for SSO tests: discovery, PKCE,
 * code flow, signed id tokens with the requested nonce. Login and consent are granted at once
 * for `account` (which a test may change between sign-ins).
 */
export async function startOidcIdp(options: OidcIdpOptions): Promise<OidcIdp> {
  const { default: Provider } = await import('oidc-provider');
  const sockets = new Set<Socket>();
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'idp-key-1', alg: 'RS256', use: 'sig' };
  const state = { account: options.account };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectURIs,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingKey] },
    scopes: ['openid', 'profile', 'email'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['sso-idp-cookie-key'] },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, email: state.account.email, email_verified: state.account.email_verified ?? true, name: state.account.name }),
    }),
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: state.account.sub } }, { mergeWithLastSubmission: false });
      return;
    }
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
    issuer,
    get account() {
      return state.account;
    },
    set account(account: IdpAccount) {
      state.account = account;
    },
    authorize,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
