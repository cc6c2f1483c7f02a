export { verificationEmail, passwordResetEmail, changeEmailConfirmation, deleteAccountConfirmation } from './account-mails.js';
export { organizationInvitation } from './invitation-mail.js';
export { magicLinkEmail, emailCodeEmail, type EmailCodePurpose } from './sign-in-mails.js';
export { twoFactorCodeEmail, twoFactorDisabledEmail, twoFactorLockedEmail, type FirstStep } from './two-factor-mails.js';
export { escapeHtml, httpUrl } from './escape.js';
export { PRODUCT_NAME, renderMail, greetingFor, type MailContent, type RenderedMail } from './layout.js';
export { passkeyAddedEmail, ssoLinkedEmail } from './security-mails.js';
