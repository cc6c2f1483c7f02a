// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider ships no types; this pulls in the local declaration wherever the fake is compiled.
/// <reference path="./oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
  email_verified?: boolean;
}

export interface MicrosoftOidcProviderOptions {
  /** The Entra tenant the provider plays (its issuer is `https://login.microsoftonline.com/<tenant>/v2.0`). */
  tenant: string;
  clientId: string;
  clientSecret: string;
  redirectURI: string;
  account: OidcAccount;
}

export interface MicrosoftOidcProvider {
  /** Point the URL rewrite here. */
  baseURL: string;
  issuer: string;
  /** Plays the browser: follows an authorization URL through login and consent to the redirect URI. */
  authorize(url: string): Promise<{ code: string; state: string }>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (panva's oidc-provider) configured as a Microsoft Entra tenant: its
 * authorization, token and key-set endpoints sit on Microsoft's paths, so the Microsoft adapter
 * reaches it through the URL rewrite unchanged. Login and consent are granted at once for
 * `account`. Graph (the photo) answers 404.
 */
export async function startMicrosoftOidcProvider(options: MicrosoftOidcProviderOptions): Promise<MicrosoftOidcProvider> {
  // Loaded on demand: only tests of the OIDC path pay for koa and the provider.
  const { default: Provider } = await import('oidc-provider');
  const { tenant, account } = options;
  const base = `/login.microsoftonline.com/${tenant}`;
  const issuer = `https://login.microsoftonline.com/${tenant}/v2.0`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'oidc-key-1', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectURI],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    routes: {
      authorization: `${base}/oauth2/v2.0/authorize`,
      token: `${base}/oauth2/v2.0/token`,
      jwks: `${base}/discovery/v2.0/keys`,
      userinfo: `${base}/openid/userinfo`,
    },
    jwks: { keys: [signingKey] },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'User.Read'],
    claims: { openid: ['sub', 'tid'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the scope claims into the id token, as Entra does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-fake-cookie-key'] },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, RefreshToken: 86_400, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, tid: tenant, email: account.email, email_verified: account.email_verified ?? true, name: account.name }),
    }),
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    // Consent to whatever the provider says is missing (scopes and claims).
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    const grant = new provider.Grant({ accountId: account.sub, clientId: options.clientId });
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
      return;
    }
    if (path.startsWith('/graph.microsoft.com/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"code":"ImageNotFound"}}');
      return;
    }
    callback(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function authorize(url: string): Promise<{ code: string; state: string }> {
    const jar = new Map<string, string>();
    let next = url;
    for (let hop = 0; hop < 10; hop += 1) {
      if (next.startsWith(options.redirectURI)) {
        const params = new URL(next).searchParams;
        return { code: params.get('code') ?? '', state: params.get('state') ?? '' };
      }
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
    authorize,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
