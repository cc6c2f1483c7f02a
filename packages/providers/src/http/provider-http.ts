import { raise, silentLogger, type Logger } from '@tend/kernel';
import { PROVIDER_ERRORS } from '../error-codes.js';

/** Default time any outbound provider call may take (AUTH_PROVIDER_TIMEOUT_MS). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 5000;

export interface ProviderHttpOptions {
  /**
   * Test seam (AUTH_PROVIDER_URL_REWRITE): every provider URL `https://HOST/PATH?Q` becomes
   * `<urlRewrite>/HOST/PATH?Q`, for server calls and for the authorization URL alike.
   */
  urlRewrite?: string | null;
  /** Milliseconds each outbound call may take, body included. */
  timeoutMs?: number;
  /** The fetch to use (the global one by default). */
  fetch?: typeof fetch;
  logger?: Logger;
}

type FetchInit = NonNullable<Parameters<typeof fetch>[1]>;

/**
 * The one way out to identity providers: rewrites URLs when a rewrite base is set, bounds every
 * call with a timeout, refuses redirects, and turns every failure into a catalogued AuthError.
 */
export class ProviderHttp {
  readonly timeoutMs: number;
  private readonly rewriteBase: string | null;
  private readonly fetchImpl: typeof fetch;
  readonly logger: Logger;

  constructor(options: ProviderHttpOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
    this.rewriteBase = options.urlRewrite ? options.urlRewrite.replace(/\/+$/, '') : null;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.logger = options.logger ?? silentLogger;
  }

  /** `https://HOST/PATH?Q` as it is reached: `<base>/HOST/PATH?Q` under a rewrite, unchanged otherwise. */
  rewrite(url: string | URL): string {
    const parsed = new URL(url);
    if (!this.rewriteBase || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return parsed.href;
    return `${this.rewriteBase}/${parsed.host}${parsed.pathname}${parsed.search}`;
  }

  /**
   * A fetch for one provider URL: rewritten, bounded by the timeout, never following redirects.
   * Network failures and timeouts become AuthErrors; the answer itself is the caller's to judge.
   */
  async fetch(url: string | URL, init: FetchInit = {}): Promise<Response> {
    const target = this.rewrite(url);
    const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(this.timeoutMs)]) : AbortSignal.timeout(this.timeoutMs);
    try {
      return await this.fetchImpl(target, { ...init, signal, redirect: 'manual' });
    } catch (error) {
      throw this.failure(url, error);
    }
  }

  /**
   * GET or POST a provider URL and answer its JSON body. Non-2xx answers, redirects, bodies that
   * are not JSON and bodies that time out all become AuthErrors.
   */
  async json(url: string | URL, init: FetchInit = {}): Promise<unknown> {
    const response = await this.fetch(url, { ...init, headers: { accept: 'application/json', ...(init.headers as Record<string, string>) } });
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      this.logger.warn('provider answered with an error status', { host: new URL(url).host, status: response.status });
      throw raise(PROVIDER_ERRORS.PROVIDER_REQUEST_FAILED);
    }
    return this.readJson(url, response);
  }

  /** The JSON body of an answer; a body that is not JSON (or never ends) is an AuthError. */
  async readJson(url: string | URL, response: Response): Promise<unknown> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw this.failure(url, error);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      this.logger.warn('provider answered with a body that is not JSON', { host: new URL(url).host, status: response.status });
      throw raise(PROVIDER_ERRORS.PROVIDER_RESPONSE_IS_INVALID);
    }
  }

  /** The bytes of an answer (profile photos), bounded by the timeout like everything else. */
  async bytes(url: string | URL, response: Response): Promise<Uint8Array> {
    try {
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw this.failure(url, error);
    }
  }

  /**
   * The fetch handed to oauth4webapi (its `customFetch` option): same rewrite, timeout and
   * error mapping as every other call.
   */
  readonly oauthFetch = (url: string, options: FetchInit): Promise<Response> => this.fetch(url, options);

  private failure(url: string | URL, error: unknown) {
    // Read the name by duck typing: fetch's DOMException may come from another realm.
    const name = typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string' ? (error as { name: string }).name : 'unknown';
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    this.logger.warn(timedOut ? 'provider call timed out' : 'provider call failed', { host: new URL(url).host, error: name });
    return raise(timedOut ? PROVIDER_ERRORS.PROVIDER_REQUEST_TIMED_OUT : PROVIDER_ERRORS.PROVIDER_REQUEST_FAILED);
  }
}
