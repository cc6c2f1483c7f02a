import { raise, type Logger } from '@tend/kernel';
import type { Resend } from 'resend';
import { MAILER_ERRORS } from '../../error-codes.js';
import type { MailMessage, Mailer } from '../../mailer.port.js';

export const DEFAULT_RESEND_BASE_URL = 'https://api.resend.com';
export const DEFAULT_RESEND_TIMEOUT_MS = 10_000;

export interface ResendMailerOptions {
  /** The Resend API key (`RESEND_API_KEY`). */
  apiKey: string;
  /** The sender, `Tend <no-reply@example.com>` (`MAIL_FROM`). */
  from: string;
  /** The API root (`RESEND_BASE_URL`); default https://api.resend.com. */
  baseUrl?: string;
  logger: Logger;
  /** How long a send may take before it counts as failed; default 10 s. */
  timeoutMs?: number;
}

/**
 * The production `Mailer`, on the official Resend SDK. It logs each mail's purpose and the
 * provider's id or error, never the recipient's body, token or link.
 */
export class ResendMailer implements Mailer {
  private client: Promise<Resend> | undefined;
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly from: string;
  private readonly logger: Logger;
  private readonly timeoutMs: number;

  constructor(options: ResendMailerOptions) {
    // An empty key would make the SDK fall back to process.env.RESEND_API_KEY.
    if (!options.apiKey) throw raise(MAILER_ERRORS.MISSING_API_KEY);
    if (!options.from) throw new TypeError('ResendMailer needs a sender address (from)');
    // Always pass baseUrl: without it the SDK reads process.env.RESEND_BASE_URL at construction.
    const baseUrl = (options.baseUrl || DEFAULT_RESEND_BASE_URL).replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.baseUrl = baseUrl;
    this.from = options.from;
    this.logger = options.logger;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_RESEND_TIMEOUT_MS;
  }

  /** The SDK, loaded with the first mail rather than at start (it is ~10 MB of a process's memory). */
  private sdk(): Promise<Resend> {
    this.client ??= import('resend').then(({ Resend }) => new Resend(this.apiKey, { baseUrl: this.baseUrl }));
    return this.client;
  }

  async send(message: MailMessage): Promise<void> {
    const { purpose, idempotencyKey } = message;
    let result: Awaited<ReturnType<Resend['emails']['send']>>;
    const client = await this.sdk();
    try {
      result = await client.emails.send(
        {
          from: this.from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          tags: [{ name: 'purpose', value: purpose }],
        },
        {
          ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
          signal: AbortSignal.timeout(this.timeoutMs),
        },
      );
    } catch (error) {
      // The SDK answers most failures as { error }; what it throws (an abort) is unreachable too.
      this.logger.error('Mail not sent: the provider could not be reached', { purpose, cause: describe(error) });
      throw raise(MAILER_ERRORS.UNABLE_TO_FETCH_DATA_THE_REQUEST_COULD_NOT_BE_RESOLVED);
    }
    if (result.error) {
      const { name, statusCode } = result.error;
      this.logger.error('Mail not sent: the provider refused it', {
        purpose,
        providerError: name,
        providerStatus: statusCode ?? null,
        providerMessage: withoutLinks(String(result.error.message ?? '')),
      });
      // The SDK answers a network failure as an error without response headers.
      throw raise(result.headers === null ? MAILER_ERRORS.UNABLE_TO_FETCH_DATA_THE_REQUEST_COULD_NOT_BE_RESOLVED : MAILER_ERRORS.INTERNAL_SERVER_ERROR_WE_ARE_UNABLE_TO_PROCESS_YOUR_REQUEST_RIGHT_NOW_PLEASE_TRY_AGAIN_LATER);
    }
    this.logger.info('Mail sent', { purpose, providerId: result.data?.id });
  }
}

/** Provider messages may echo request fields; a link there would carry a token. */
function withoutLinks(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[link]');
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${withoutLinks(error.message)}` : 'unknown error';
}
