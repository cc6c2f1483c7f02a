import { raise, type Clock } from '@tend/kernel';
import { PROVIDER_ERRORS } from '../error-codes.js';
import type { OAuthTokens } from '../oauth-provider.port.js';
import type { ProviderHttp } from './provider-http.js';

/**
 * Reads a token endpoint's answer. Parsed here rather than by oauth4webapi's strict processors
 * because providers stray from RFC 6749 in ways that are still usable: GitHub answers 200 with
 * `{error}`, Twitch returns `scope` as an array, TikTok and VK add their own fields.
 */
export async function readTokenResponse(http: ProviderHttp, url: string, response: Response, clock: Clock): Promise<OAuthTokens> {
  if (response.status < 200 || response.status >= 300) {
    const body = await http.readJson(url, response).catch(() => null);
    http.logger.warn('token endpoint refused the request', { host: new URL(url).host, status: response.status, error: errorOf(body) });
    throw raise(PROVIDER_ERRORS.PROVIDER_REQUEST_FAILED);
  }
  const body = await http.readJson(url, response);
  if (!isRecord(body)) throw raise(PROVIDER_ERRORS.PROVIDER_RESPONSE_IS_INVALID);
  // TikTok's first v2 API nested the answer under `data`; GitHub (and TikTok) report errors with 200 and `error`.
  const data = isRecord(body.data) && typeof body.access_token !== 'string' ? body.data : body;
  if (typeof data.error === 'string' && data.error) {
    http.logger.warn('token endpoint answered with an error', { host: new URL(url).host, error: data.error });
    throw raise(PROVIDER_ERRORS.PROVIDER_REQUEST_FAILED);
  }
  if (typeof data.access_token !== 'string' || data.access_token === '') throw raise(PROVIDER_ERRORS.PROVIDER_RESPONSE_IS_INVALID);
  const now = clock.now().getTime();
  return {
    accessToken: data.access_token,
    refreshToken: nonEmpty(data.refresh_token),
    idToken: nonEmpty(data.id_token),
    tokenType: nonEmpty(data.token_type),
    accessTokenExpiresAt: secondsFrom(now, data.expires_in),
    refreshTokenExpiresAt: secondsFrom(now, data.refresh_token_expires_in ?? data.refresh_expires_in),
    scopes: scopesOf(data.scope),
    raw: data,
  };
}

/** A `scope` field as a list: space- or comma-separated text, or an array (Twitch). */
export function scopesOf(scope: unknown): string[] {
  if (Array.isArray(scope)) return scope.filter((s): s is string => typeof s === 'string' && s !== '');
  if (typeof scope === 'string') return scope.split(/[\s,]+/).filter(Boolean);
  return [];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function secondsFrom(now: number, value: unknown): Date | null {
  const seconds = typeof value === 'string' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? new Date(now + seconds * 1000) : null;
}

function errorOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
}
