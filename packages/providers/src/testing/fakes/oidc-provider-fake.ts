import { startOidcIssuer, type OidcAccount } from '@tend/test-oidc-issuer';

export type { OidcAccount };

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
 * The shared test issuer (`@tend/test-oidc-issuer`, a real oidc-provider) configured as a
 * Microsoft Entra tenant: its authorization, token and key-set endpoints sit on Microsoft's
 * paths, so the Microsoft adapter reaches it through the URL rewrite unchanged. Graph (the
 * photo) answers 404.
 */
export async function startMicrosoftOidcProvider(options: MicrosoftOidcProviderOptions): Promise<MicrosoftOidcProvider> {
  const { tenant } = options;
  const base = `/login.microsoftonline.com/${tenant}`;
  const issuer = await startOidcIssuer({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    redirectURIs: [options.redirectURI],
    account: options.account,
    issuer: () => `https://login.microsoftonline.com/${tenant}/v2.0`,
    routes: {
      authorization: `${base}/oauth2/v2.0/authorize`,
      token: `${base}/oauth2/v2.0/token`,
      jwks: `${base}/discovery/v2.0/keys`,
      userinfo: `${base}/openid/userinfo`,
    },
    tokenEndpointAuthMethod: 'client_secret_post',
    refreshTokens: true,
    extraScopes: ['User.Read'],
    extraClaims: { tid: tenant },
    fallback: (path, res) => {
      if (!path.startsWith('/graph.microsoft.com/')) return false;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"code":"ImageNotFound"}}');
      return true;
    },
  });
  return {
    baseURL: issuer.baseURL,
    issuer: issuer.issuer,
    async authorize(url) {
      const params = (await issuer.authorize(url)).searchParams;
      return { code: params.get('code') ?? '', state: params.get('state') ?? '' };
    },
    close: () => issuer.close(),
  };
}
