/**
 * Adds query parameters to a URL, absolute or relative, keeping its own query and fragment:
 * `withQuery('/done?tab=1#top', { error: 'x' })` is `/done?tab=1&error=x#top`.
 */
export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const pairs = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  if (pairs.length === 0) return url;
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${pairs.join('&')}${fragment}`;
}

/**
 * The links the account mails carry, all on the auth routes of the public base URL
 * (`https://tend.app/api/auth`). The base is configuration, never the request's Host header:
 * a forged Host would otherwise send a reset token to someone else's server.
 */
export class AccountLinks {
  private readonly base: string;

  constructor(authBaseURL: string) {
    this.base = authBaseURL.replace(/\/+$/, '');
  }

  /** GET /verify-email?token&callbackURL */
  verifyEmail(token: string, callbackURL?: string): string {
    return withQuery(`${this.base}/verify-email`, { token, callbackURL });
  }

  /** GET /reset-password/{token}?callbackURL */
  resetPassword(token: string, callbackURL?: string): string {
    return withQuery(`${this.base}/reset-password/${encodeURIComponent(token)}`, { callbackURL });
  }

  /** Any route under the base, with query parameters (a feature's own mailed link). */
  route(path: string, params: Record<string, string | undefined> = {}): string {
    return withQuery(`${this.base}${path}`, params);
  }

  /** GET /delete-user/callback?token&callbackURL */
  deleteAccount(token: string, callbackURL?: string): string {
    return withQuery(`${this.base}/delete-user/callback`, { token, callbackURL });
  }
}
