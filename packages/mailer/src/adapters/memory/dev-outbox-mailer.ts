import { raise, silentLogger, systemClock, uuid, type Clock, type IdGenerator, type Logger } from '@tend/kernel';
import { MAILER_ERRORS } from '../../error-codes.js';
import { extractLinks } from '../../links.js';
import type { MailMessage, MailPurpose, Mailer } from '../../mailer.port.js';

/** A mail kept by the development outbox. */
export interface OutboxMail {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly purpose: MailPurpose;
  /** The http(s) links of the mail (its action link first), to click or to follow in tests. */
  readonly links: readonly string[];
  readonly idempotencyKey?: string;
  readonly createdAt: Date;
}

export interface DevOutboxMailerOptions {
  /** Where each mail's subject and links are written; silent by default. */
  logger?: Logger;
  clock?: Clock;
  ids?: IdGenerator;
  /** How many mails are kept; the oldest go first. Default 50. */
  capacity?: number;
}

export const DEFAULT_OUTBOX_CAPACITY = 50;

/**
 * The development mailer, used when no provider key is configured: it keeps the last mails in
 * memory and logs their links so a person can click them. It logs links on purpose, so it must
 * never be bound in production.
 */
export class DevOutboxMailer implements Mailer {
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly ids: IdGenerator;
  private readonly capacity: number;
  /** Oldest first. */
  private mails: OutboxMail[] = [];
  private failNextSend = false;

  constructor(options: DevOutboxMailerOptions = {}) {
    this.logger = options.logger ?? silentLogger;
    this.clock = options.clock ?? systemClock;
    this.ids = options.ids ?? uuid;
    this.capacity = options.capacity ?? DEFAULT_OUTBOX_CAPACITY;
    if (!Number.isInteger(this.capacity) || this.capacity < 1) {
      throw new RangeError(`The outbox capacity must be a positive integer, got ${this.capacity}`);
    }
  }

  /** Keeps the mail; a key already in the outbox keeps nothing, as the provider would. */
  async send(message: MailMessage): Promise<void> {
    if (this.failNextSend) {
      this.failNextSend = false;
      this.logger.error('Mail not sent (outbox failure requested)', { purpose: message.purpose });
      throw raise(MAILER_ERRORS.INTERNAL_SERVER_ERROR_WE_ARE_UNABLE_TO_PROCESS_YOUR_REQUEST_RIGHT_NOW_PLEASE_TRY_AGAIN_LATER);
    }
    const key = message.idempotencyKey;
    if (key !== undefined && this.mails.some((mail) => mail.idempotencyKey === key)) {
      this.logger.info('Mail already in the outbox', { purpose: message.purpose, to: message.to });
      return;
    }
    const mail: OutboxMail = Object.freeze({
      id: this.ids(),
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      purpose: message.purpose,
      links: Object.freeze(extractLinks(message.text, message.html)),
      ...(key !== undefined ? { idempotencyKey: key } : {}),
      createdAt: this.clock.now(),
    });
    this.mails.push(mail);
    if (this.mails.length > this.capacity) this.mails.splice(0, this.mails.length - this.capacity);
    this.logger.info(`Mail to ${mail.to}: ${mail.subject}`, { purpose: mail.purpose, links: mail.links });
  }

  /** The kept mails, newest first. */
  list(): OutboxMail[] {
    return [...this.mails].reverse();
  }

  /** The newest mail, or the newest one to `to` (case-insensitive); null when there is none. */
  latest(to?: string): OutboxMail | null {
    const wanted = to?.toLowerCase();
    for (let index = this.mails.length - 1; index >= 0; index -= 1) {
      const mail = this.mails[index]!;
      if (wanted === undefined || mail.to.toLowerCase() === wanted) return mail;
    }
    return null;
  }

  /** Forgets every mail. */
  clear(): void {
    this.mails = [];
  }

  /** Makes the next send fail as a provider failure would; for tests of what callers do then. */
  failNext(): void {
    this.failNextSend = true;
  }
}
