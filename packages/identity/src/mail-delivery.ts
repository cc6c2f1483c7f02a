import { isAuthError, type Logger } from '@tend/kernel';
import type { MailMessage, Mailer } from '@tend/mailer';

/**
 * How the account flows hand mail to the Mailer. A failure is logged with the mail's purpose
 * (never its address, link or token) and whatever the flow had prepared for it is undone, so
 * the user can simply ask again.
 */
export class MailDelivery {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {}

  /** Sends and waits; on failure runs `undo`, logs, and rethrows the mailer's 500. */
  async send(message: MailMessage, undo?: () => Promise<void>): Promise<void> {
    try {
      await this.mailer.send(message);
    } catch (error) {
      this.logger.error('Mail not sent', { purpose: message.purpose, error: isAuthError(error) ? error.code : 'UNEXPECTED' });
      if (undo) await undo().catch((cause: unknown) => this.logger.error('Undo after a failed mail failed', { purpose: message.purpose, cause: String(cause) }));
      throw error;
    }
  }

  /**
   * Sends without keeping the response waiting: for mails whose failure must not change the
   * answer (no user enumeration) or that follow an action already done (sign-up).
   */
  background(message: MailMessage | (() => MailMessage), undo?: () => Promise<void>): void {
    // A message given as a function is composed after the response, so the request that asked
    // pays nothing for it (reset requests answer known and unknown addresses in the same time).
    const composed = typeof message === 'function' ? new Promise<void>((resolve) => setImmediate(resolve)).then(message) : Promise.resolve(message);
    const task: Promise<void> = composed
      .then((mail) => this.send(mail, undo))
      .catch((error: unknown) => {
        if (!isAuthError(error)) this.logger.error('Mail not composed', { error: String(error) });
      })
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every background mail has been sent or given up on (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
