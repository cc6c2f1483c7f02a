import type { Logger } from '@tend/kernel';
import type { MailMessage, Mailer } from '@tend/mailer';

/** RFC 2606 reserves the `.invalid` top-level domain: no address under it can ever receive mail. */
const INVALID_TLD = '.invalid';

/** The default domain of a provider's placeholder addresses: `{provider id}.placeholder.invalid`. */
export function defaultPlaceholderDomain(providerId: string): string {
  return `${providerId.toLowerCase()}.placeholder${INVALID_TLD}`;
}

/**
 * Whether an address is a placeholder, one that stands in for an address a person never gave
 * (providers that share no email): anything under `.invalid`, or under the configured domain.
 */
export function isPlaceholderEmail(email: string, configuredDomain: string | null = null): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (domain === INVALID_TLD.slice(1) || domain.endsWith(INVALID_TLD)) return true;
  if (!configuredDomain) return false;
  const configured = configuredDomain.toLowerCase();
  return domain === configured || domain.endsWith(`.${configured}`);
}

/**
 * The placeholder addresses of one deployment: how they are made and how they are recognised.
 * By default `{provider account id}@{provider id}.placeholder.invalid`; with a configured domain
 * (AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN) `{provider id}-{provider account id}@{domain}`.
 */
export class PlaceholderEmails {
  constructor(readonly configuredDomain: string | null = null) {}

  /** The placeholder address of a provider account (lowercase, a valid address). */
  of(providerId: string, accountId: string): string {
    const local = (this.configuredDomain ? `${providerId}-${accountId}` : accountId)
      .toLowerCase()
      // Only characters every address parser takes, and no dots (none may lead, trail or double).
      .replace(/[^a-z0-9_+-]/g, '-')
      .slice(0, 64);
    return `${local || providerId.toLowerCase()}@${this.configuredDomain ?? defaultPlaceholderDomain(providerId)}`;
  }

  matches(email: string): boolean {
    return isPlaceholderEmail(email, this.configuredDomain);
  }
}

/**
 * The mailer every mail passes through: a mail to a placeholder address is dropped (logged with
 * its purpose only), whatever asked for it (verification, reset, change of email, deletion,
 * invitation). The sender sees a delivered mail, so answers never tell such addresses apart.
 */
export class PlaceholderGuardMailer implements Mailer {
  constructor(
    private readonly inner: Mailer,
    private readonly placeholders: PlaceholderEmails,
    private readonly logger: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    if (this.placeholders.matches(message.to)) {
      this.logger.info('Mail not sent: placeholder address', { purpose: message.purpose });
      return;
    }
    await this.inner.send(message);
  }
}
