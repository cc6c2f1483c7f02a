import { raise } from '@tend/kernel';
import { SSO_ERRORS } from './error-codes.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Addresses no identity provider of an organization lives at: loopback, private, link-local, shared. */
function isInternalHost(hostname: string): boolean {
  // `localhost.` (a fully qualified name) is localhost.
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (host.startsWith('[')) return host === '[::]' || host === '[::1]' || /^\[f[cd]/.test(host) || /^\[fe[89ab]/.test(host) || host.startsWith('[::ffff:');
  return false;
}

/**
 * Identity-provider URLs are https to a public host; plain http only to a loopback host and only
 * where the gateway allows it (never in production: tests run their identity providers on
 * 127.0.0.1). Internal addresses are refused in production, so registering a provider cannot
 * make the gateway call the services beside it (names that resolve to them are not caught).
 */
export function isAllowedIdpURL(value: string, allowLoopbackHttp: boolean): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return allowLoopbackHttp || !isInternalHost(url.hostname);
  return allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

export function assertAllowedIdpURL(value: string | null | undefined, allowLoopbackHttp: boolean): void {
  if (value === null || value === undefined) return;
  if (!isAllowedIdpURL(value, allowLoopbackHttp)) throw raise(SSO_ERRORS.INSECURE_IDENTITY_PROVIDER_URL);
}

/** Where SSO lives under the gateway's configured base URL. */
export interface SsoRoutes {
  /** `<base URL><base path>`: never taken from a request's Host. */
  authBaseURL: string;
  /** The error page when no errorCallbackURL was given. */
  errorURL: string;
}

export const redirectURIOf = (routes: SsoRoutes, providerId: string) => `${routes.authBaseURL}/sso/callback/${encodeURIComponent(providerId)}`;
export const acsURLOf = (routes: SsoRoutes, providerId: string) => `${routes.authBaseURL}/sso/saml2/sp/acs/${encodeURIComponent(providerId)}`;
export const spMetadataURLOf = (routes: SsoRoutes, providerId: string) => `${routes.authBaseURL}/sso/saml2/sp/metadata?providerId=${encodeURIComponent(providerId)}`;
