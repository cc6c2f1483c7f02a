/**
 * Why a mail is sent, by name; adapters log it instead of the mail's content. Open to
 * declarations: a package that mails for a new reason adds it by declaration merging
 * (`declare module '@tend/mailer' { interface MailPurposes { 'my-reason': true } }`), beside its
 * template, without editing this list.
 */
export interface MailPurposes {
  verification: true;
  'password-reset': true;
  'change-email': true;
  'delete-account': true;
  invitation: true;
  'magic-link': true;
  'email-otp': true;
  'two-factor-otp': true;
  'two-factor-disabled': true;
  'passkey-added': true;
  'sso-linked': true;
}

/** Why a mail is sent: one of the declared purposes. */
export type MailPurpose = keyof MailPurposes & string;

/** The purposes this package declares itself (others are declared beside their templates). */
export const MAIL_PURPOSES: readonly MailPurpose[] = [
  'verification',
  'password-reset',
  'change-email',
  'delete-account',
  'invitation',
  'magic-link',
  'email-otp',
  'two-factor-otp',
  'two-factor-disabled',
  'passkey-added',
  'sso-linked',
];

/** One transactional mail, rendered (see the templates) and addressed. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Sending twice with the same key delivers one mail (retries after a timeout are safe). */
  idempotencyKey?: string;
  /** For logs only; adapters never log the subject, body, token or link in production. */
  purpose: MailPurpose;
}

/**
 * Sends transactional mail. `send` resolves once the provider has accepted the mail and
 * rejects with a 500 `AuthError` (see `MAILER_ERRORS`) when it has not, so the caller can
 * report the failure and undo its own work.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
