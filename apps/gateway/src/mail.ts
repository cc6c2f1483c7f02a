import { raise, type Clock, type Logger } from '@tend/kernel';
import { DevOutboxMailer, MAILER_ERRORS, type MailMessage, type Mailer } from '@tend/mailer';
import { ResendMailer } from '@tend/mailer/resend';
import type { GatewayConfig } from './config.js';

/** Where mail links point when neither AUTH_BASE_URL nor a link base is configured. */
export const DEVELOPMENT_LINK_BASE = 'http://localhost:3000';

/** Production without RESEND_API_KEY: every mail is refused loudly, none is kept or logged with its links. */
class UnconfiguredMailer implements Mailer {
  constructor(private readonly logger: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.logger.error('Mail not sent: no mail provider is configured (RESEND_API_KEY)', { purpose: message.purpose });
    throw raise(MAILER_ERRORS.MISSING_API_KEY);
  }
}

/** Resend when configured; else the development outbox, which is never bound in production. */
export function createMailer(config: GatewayConfig, clock: Clock, logger: Logger): { mailer: Mailer; outbox: DevOutboxMailer | null } {
  const { resend, from } = config.mail;
  if (resend) return { mailer: new ResendMailer({ apiKey: resend.apiKey, baseUrl: resend.baseUrl, from, logger }), outbox: null };
  if (config.production) return { mailer: new UnconfiguredMailer(logger), outbox: null };
  const outbox = new DevOutboxMailer({ logger, clock });
  return { mailer: outbox, outbox };
}
