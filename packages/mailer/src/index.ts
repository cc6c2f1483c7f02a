export { MAIL_PURPOSES, type Mailer, type MailMessage, type MailPurpose, type MailPurposes } from './mailer.port.js';
export { MAILER_ERRORS } from './error-codes.js';
export { extractLinks } from './links.js';
export {
  verificationEmail,
  passwordResetEmail,
  changeEmailConfirmation,
  deleteAccountConfirmation,
  organizationInvitation,
  magicLinkEmail,
  emailCodeEmail,
  twoFactorCodeEmail,
  twoFactorDisabledEmail,
  twoFactorLockedEmail,
  passkeyAddedEmail,
  ssoLinkedEmail,
  type EmailCodePurpose,
  type FirstStep,
  escapeHtml,
  httpUrl,
  PRODUCT_NAME,
  type RenderedMail,
  renderMail,
  greetingFor,
  type MailContent,
} from './templates/index.js';
export {
  DevOutboxMailer,
  DEFAULT_OUTBOX_CAPACITY,
  type DevOutboxMailerOptions,
  type OutboxMail,
} from './adapters/memory/index.js';
